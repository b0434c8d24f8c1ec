"""Accessibility in a real JupyterLab (Debian's Chromium), light and dark, on one server and one page: axe-core
(WCAG 2.1 A and AA) finds no violation inside the table, the search-trace view and the variant lab; the trace view
and the lab work from the keyboard alone, their focus seen; an empty pile's label and outline read on the felt
(axe does not measure text inside the table's role=application: its own check here)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .lab import chromium_path, lab_page, settled, table_button, until
from .positions import one_move_from_winning

pytestmark = pytest.mark.skipif(chromium_path() is None, reason="Debian's chromium is not installed")

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
TABLE = ".ww-root:not(.ww-trace .ww-root)"  # the table of the first cell, not the trace view's board

CELLS = [
    """import wispwidget as ww
w = ww.play("will-o-the-wisp", seed=7, auto_verdict=False)
w""",
    """start = ww.deal("micro-wisp", 1).position()
tw = ww.SearchTraceWidget(ww.trace(start, "bfs"))
tw""",
    """lab = ww.variant_lab("mini-wisp", deals=2, max_positions=2000)
lab""",
]

# axe's WCAG 2.1 A and AA rules, scoped to one widget; each violation as [rule, impact, [[node, summary], ...]].
AXE_RUN = """async (selector) => {
  const result = await axe.run(document.querySelector(selector), {
    runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}, resultTypes: ["violations"]});
  return result.violations.map((v) => [v.id, v.impact,
    v.nodes.map((n) => [n.target.join(" "), n.failureSummary.replace(/\\s+/g, " ").slice(0, 240)])]);
}"""


@pytest.fixture(scope="module")
def session():
    # a dev dependency (package.json), installed by npm install as .ci/run does: missing, the tests fail, not skip
    assert AXE.exists(), f"{AXE} is missing: run npm install"
    with lab_page(CELLS, name="a11y.ipynb", wait_for=".wisp-lab") as (page, kernel, _lab):
        page.locator(".ww-trace .ww-trace-panel").first.wait_for(timeout=30_000)
        page.add_script_tag(content=AXE.read_text())
        yield page, kernel


def use_theme(page, theme: str) -> None:
    """Switch JupyterLab to its light or dark theme (Settings, Theme) and wait until the widgets follow."""
    light = theme == "light"
    if page.evaluate("document.body.dataset.jpThemeLight") != str(light).lower():
        page.locator(".lm-MenuBar-itemLabel", has_text="Settings").click()
        page.locator(".lm-Menu-itemLabel", has_text="Theme").first.hover()
        page.locator(".lm-Menu-itemLabel", has_text=f"JupyterLab {'Light' if light else 'Dark'}").first.click()
        page.wait_for_function(f"document.body.dataset.jpThemeLight === '{str(light).lower()}'", timeout=20_000)
    page.wait_for_function(f"""() => [...document.querySelectorAll('.ww-root, .ww-trace, .wisp-lab')]
      .every((n) => n.dataset.wwTheme === '{theme}')""", timeout=20_000)
    page.keyboard.press("Escape")


def no_violations(page, selector: str, when: str) -> None:
    page.locator(selector).first.scroll_into_view_if_needed()
    violations = page.evaluate(AXE_RUN, selector)
    assert violations == [], f"{selector} {when}: {json.dumps(violations, indent=1)}"


THEMES = ["light", "dark"]


@pytest.mark.parametrize("theme", THEMES)
def test_axe_finds_nothing_in_the_trace_view_at_the_start_half_way_at_the_goal_and_presenting(session, theme):
    page, kernel = session
    use_theme(page, theme)
    total = kernel.value("tw.total")
    view = page.locator(".ww-trace").first
    for step, counters in ((0, "step 0/"), (total // 2, f"step {total // 2}/"), (total, "goal reached")):
        kernel.value(f"setattr(tw, 'step', {step})")
        expect(view.locator(".ww-counters")).to_contain_text(counters)
        page.wait_for_timeout(150)
        no_violations(page, ".ww-trace", f"at step {step} ({theme})")
    # half-way the frontier list scrolls: it is the region axe asks the keyboard to reach
    kernel.value(f"setattr(tw, 'step', {total // 2})")
    frontier = view.locator(".ww-frontier-list")
    assert frontier.evaluate("l => l.scrollHeight > l.clientHeight"), "the frontier list no longer scrolls"
    kernel.value("setattr(tw, 'presentation', True)")
    expect(view).to_have_class(re.compile("ww-present"))
    page.wait_for_timeout(300)
    no_violations(page, ".ww-trace", f"presenting ({theme})")
    kernel.value("setattr(tw, 'presentation', False)")
    expect(view).not_to_have_class(re.compile("ww-present"))


def test_axe_finds_nothing_in_the_lab_before_and_after_a_study(session):
    page, _kernel = session
    for theme in THEMES:
        use_theme(page, theme)
        no_violations(page, ".wisp-lab", f"before a study ({theme})")
    page.locator(".wisp-lab button[data-action=study]").click()
    expect(page.locator(".wisp-lab .wisp-lab-status")).to_contain_text("2 deals", timeout=60_000)
    page.locator(".wisp-lab [data-range=variant-winnable]").wait_for(timeout=10_000)
    for theme in reversed(THEMES):
        use_theme(page, theme)
        no_violations(page, ".wisp-lab", f"after a study ({theme})")


@pytest.mark.parametrize("theme", THEMES)
def test_axe_finds_nothing_in_the_table_at_the_start_and_with_a_hint(session, theme):
    page, kernel = session
    use_theme(page, theme)
    assert kernel.value("w.new_deal('will-o-the-wisp', seed=7) or w.seed") == 7
    page.wait_for_timeout(300)
    settled(page)
    no_violations(page, TABLE, f"at the start ({theme})")
    table_button(page, "Hint", TABLE).click()
    page.locator(f"{TABLE} [data-hint-arrow] path.ww-arrow-line").wait_for(timeout=60_000)
    settled(page)
    no_violations(page, TABLE, f"with a hint ({theme})")


# The focused element's ring: how wide, and its colour's contrast against the first opaque background behind it.
RING = """() => {
  const node = document.activeElement;
  const parse = (c) => {
    const n = (c.match(/[\\d.]+/g) || []).map(Number);
    return [n[0], n[1], n[2], n.length > 3 ? n[3] : 1];
  };
  const lum = (rgb) => rgb.slice(0, 3)
    .map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  let bg = [255, 255, 255];
  for (let n = node.parentElement; n; n = n.parentElement) {
    const c = parse(getComputedStyle(n).backgroundColor);
    if (c[3] > 0.5) { bg = c; break; }
  }
  const style = getComputedStyle(node), after = getComputedStyle(node, "::after").boxShadow;
  // an outline, or (the table's, drawn inside its edge) an inset shadow on its ::after: "rgb(..) 0px 0px 0px 3px inset"
  const shadow = style.outlineStyle === "none" && after !== "none" ? after : null;
  const ring = parse(shadow ?? style.outlineColor);
  const [x, y] = [lum(ring), lum(bg)].sort((p, q) => q - p);
  // an outline drawn outside the box is cut off by a box around it that clips (a notebook's output box did); up to
  // the cell (the notebook's own scrolling is not the widget's)
  const out = shadow ? 0 : Math.max(0, parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth));
  const r = node.getBoundingClientRect();
  let cut = false;
  for (let n = node.parentElement; n && out > 0 && !n.classList.contains("jp-Cell"); n = n.parentElement) {
    const s = getComputedStyle(n);
    if (s.overflowX === "visible" && s.overflowY === "visible") continue;
    const b = n.getBoundingClientRect(), left = b.left + n.clientLeft, top = b.top + n.clientTop;
    if (r.left - out < left - 0.5 || r.top - out < top - 0.5 || r.right + out > left + n.clientWidth + 0.5 ||
        r.bottom + out > top + n.clientHeight + 0.5) { cut = n.className || n.tagName; break; }
  }
  return {cut, name: node.getAttribute("aria-label") || node.dataset.action || node.dataset.setting
            || node.dataset.control || node.tagName, style: shadow ? "inset shadow" : style.outlineStyle,
          width: shadow ? parseFloat(shadow.replace(/^rgba?\\([^)]*\\)/, "").trim().split(/\\s+/)[3])
            : parseFloat(style.outlineWidth),
          contrast: (x + 0.05) / (y + 0.05)};
}"""
# The controls of a widget a keyboard must reach: enabled, shown, and in the tab order.
REACHABLE = """(root) => [...root.querySelectorAll("button, input, select, textarea, [tabindex]")]
  .filter((n) => !n.disabled && n.tabIndex >= 0 && n.getClientRects().length
    && getComputedStyle(n).visibility !== "hidden" && !n.closest(".ww-trace-board"))"""


def tab_through(page, root_selector: str, first: str | None) -> list[dict]:
    """Focus the widget's first stop (as a Tab from the cell above would), then Tab until the focus leaves it: the
    ring of each stop. Every control the widget has must have been a stop."""
    root = page.locator(root_selector).first
    root.evaluate(f"r => {{ ({REACHABLE})(r).forEach((n, i) => (n.dataset.a11yStop = String(i))); }}")
    wanted = root.evaluate(f"r => ({REACHABLE})(r).length")
    # (the last thing done was by the keyboard, so the ring shows as it would for a person arriving by Tab)
    (root if first is None else root.locator(first).first).focus()
    seen, rings = set(), []
    for _ in range(wanted + 5):
        inside = root.evaluate("(r) => r.contains(document.activeElement) ? "
                               "document.activeElement.dataset.a11yStop ?? '-' : null")
        if inside is None:
            break
        seen.add(inside)
        rings.append(page.evaluate(RING))
        page.keyboard.press("Tab")
    missed = root.evaluate("(r, seen) => [...r.querySelectorAll('[data-a11y-stop]')].filter((n) => "
                           "!seen.includes(n.dataset.a11yStop)).map((n) => n.outerHTML.slice(0, 120))", sorted(seen))
    assert missed == [], missed
    return rings


def rings_seen(rings: list[dict]) -> None:
    weak = [r for r in rings if r["style"] == "none" or r["width"] < 2 or r["contrast"] < 3 or r["cut"]]
    assert weak == [], weak


@pytest.mark.parametrize("theme", THEMES)
def test_a_student_steps_a_search_to_its_goal_with_the_keyboard_alone(session, theme):
    page, kernel = session
    use_theme(page, theme)
    kernel.value("setattr(tw, 'step', 0)")
    view = page.locator(".ww-trace").first
    expect(view.locator(".ww-counters")).to_contain_text("step 0/")
    total = kernel.value("tw.total")
    # every control, the tree and both lists are Tab stops, each with a ring to see
    rings = tab_through(page, ".ww-trace", None)
    assert {"Step", "Speed", "Start", "Step forward", "Fit", "Algorithm", "Run search"} <= {r["name"] for r in rings}
    assert sum(r["name"] in ("OL", "UL") or r["name"].startswith("Search tree") for r in rings) >= 2, rings
    rings_seen(rings)
    # the step slider by its arrow keys, its value said in words
    slider = view.get_by_role("slider", name="Step")
    slider.focus()
    for _ in range(5):
        page.keyboard.press("ArrowRight")
    until(kernel, "tw.step", lambda v: v == 5)
    expect(slider).to_have_attribute("aria-valuetext", f"step 5 of {total}")
    page.keyboard.press("ArrowLeft")
    until(kernel, "tw.step", lambda v: v == 4)
    # Step forward, reached by Shift+Tab, pressed with Enter
    for _ in range(30):
        if page.evaluate("document.activeElement.getAttribute('aria-label')") == "Step forward":
            break
        page.keyboard.press("Shift+Tab")
    page.keyboard.press("Enter")
    until(kernel, "tw.step", lambda v: v == 5)
    # End and Home on the slider; then half-way, where the frontier list, reached by Tab, scrolls with the arrows
    slider.focus()
    page.keyboard.press("End")
    until(kernel, "tw.step", lambda v: v == total)
    expect(view.locator(".ww-counters")).to_contain_text("goal reached")
    page.keyboard.press("Home")
    until(kernel, "tw.step", lambda v: v == 0)
    for _ in range(total // 2):
        page.keyboard.press("ArrowRight")
    until(kernel, "tw.step", lambda v: v == total // 2)
    frontier = view.locator(".ww-frontier-list")
    for _ in range(40):
        if frontier.evaluate("l => l === document.activeElement"):
            break
        page.keyboard.press("Tab")
    assert frontier.evaluate("l => l === document.activeElement"), "Tab never reached the frontier list"
    for _ in range(6):
        page.keyboard.press("ArrowDown")
    frontier.evaluate("l => new Promise((done) => { const t0 = performance.now(); const look = () => l.scrollTop > 0"
                      " || performance.now() - t0 > 3000 ? done() : requestAnimationFrame(look); look(); })")
    assert frontier.evaluate("l => l.scrollTop") > 0, "the arrow keys do not scroll the frontier list"
    # and on to the goal with the right arrow from the list (the view's keys): the goal is reached, its node current
    for _ in range(total - total // 2):
        page.keyboard.press("ArrowRight")
    until(kernel, "tw.step", lambda v: v == total)
    expect(view.locator(".ww-counters")).to_contain_text("goal reached")
    assert view.locator('[data-node][data-current="true"]').get_attribute("data-state") == "solution"
    # pictures of the rings, to look at: on the frontier list, and on Step forward in the bar
    shot(page, view.locator(".ww-trace-lists"), f"/tmp/a11y-trace-list-focus-{theme}.png")
    view.get_by_role("button", name="Step forward").focus()
    shot(page, view.locator(".ww-toolbar").first, f"/tmp/a11y-trace-bar-focus-{theme}.png")


def shot(page, locator, path: str, pad: int = 8) -> None:
    """A screenshot of ``locator``'s box and ``pad`` px around it (a focus ring is drawn outside the box)."""
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    page.screenshot(path=path, clip={"x": max(0, box["x"] - pad), "y": max(0, box["y"] - pad),
                                     "width": box["width"] + 2 * pad, "height": box["height"] + 2 * pad})


@pytest.mark.parametrize("theme", THEMES)
def test_a_teacher_runs_a_study_and_reads_it_with_the_keyboard_alone(session, theme):
    page, kernel = session
    use_theme(page, theme)
    deals = 3 if theme == "light" else 4
    root = page.locator(".wisp-lab").first
    rings = tab_through(page, ".wisp-lab", "select")
    assert {"movable", "piles", "deals", "first_seed", "study", "play", "load", "present"} <= {r["name"] for r in rings}
    rings_seen(rings)
    # to the Deals box by Tab, a new number typed, Enter; then to Study by Tab, Enter
    root.locator("select").first.focus()
    for _ in range(40):
        if page.evaluate("document.activeElement.dataset.setting") == "deals":
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Control+a")
    page.keyboard.type(str(deals))
    page.keyboard.press("Enter")
    until(kernel, "lab.deals", lambda v: v == deals)
    for _ in range(10):
        if page.evaluate("document.activeElement.dataset.action") == "study":
            break
        page.keyboard.press("Tab")
    shot(page, root.locator(".wisp-lab-buttons"), f"/tmp/a11y-lab-focus-{theme}.png")
    page.keyboard.press("Enter")
    status = root.get_by_role("status")
    expect(status).to_contain_text(f"{deals} deals", timeout=60_000)
    # the result, read: the status line in words, and the bars' image named with its numbers
    bars = root.get_by_role("img")
    expect(bars).to_have_attribute("aria-label", re.compile(
        rf"{deals} deals at 2,000 positions each\. Base game: .*proved won \d+ of {deals}, proved lost \d+ of {deals}"))
    until(kernel, "lab.status", lambda v: f"{deals} deals" in v)


# Each empty pile's label and outline against the felt (the first opaque background behind it), with every
# opacity on the way composited: [pile, label ratio (null without a label), outline ratio].
SLOTS = """(table) => {
  const parse = (c) => { const n = (c.match(/[\\d.]+/g) || []).map(Number);
    const srgb = c.startsWith("color("); const [r, g, b] = n.slice(0, 3).map((v) => (srgb ? v * 255 : v));
    return [r, g, b, n.length > 3 ? n[3] : 1]; };
  const lum = (rgb) => rgb.slice(0, 3)
    .map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const words = [...table.querySelectorAll(".ww-stock-pile.ww-empty .ww-stock-label")];  // "empty": words only
  const faces = [...table.querySelectorAll(".ww-face")];  // a face-up card's edge: an outline, on the felt
  return [...table.querySelectorAll(".ww-slot"), ...words, ...faces].filter((s) => s.getClientRects().length)
    .map((slot) => {
    let alpha = 1, felt = null;
    for (let n = slot; n; n = n.parentElement) {
      const style = getComputedStyle(n);
      if (n !== slot) { const c = parse(style.backgroundColor); if (c[3] > 0.5) { felt = c; break; } }
      alpha *= Number(style.opacity);
    }
    const over = (colour) => { const [r, g, b, a] = parse(colour);
      return [r, g, b].map((v, i) => a * alpha * v + (1 - a * alpha) * felt[i]); };
    const style = getComputedStyle(slot);
    const line = !words.includes(slot), face = faces.includes(slot);
    if (face) felt = parse(getComputedStyle(slot.closest(".ww-root")).backgroundColor);  // not its own white
    return [face ? "card" : slot.closest("[data-pile]").dataset.pile,
            slot.textContent.trim() && !face ? ratio(over(style.color), felt) : null,
            line ? ratio(over(style.borderTopColor), felt) : null, line ? style.borderTopStyle : "words",
            line ? parseFloat(style.borderTopWidth) : 0];
  });
}"""


@pytest.mark.parametrize("theme", THEMES)
def test_empty_piles_labels_and_outlines_read_on_the_felt(session, theme):
    page, kernel = session
    use_theme(page, theme)
    # empty tableau piles, an empty stock and a foundation's "K-A" slot: three runs home, the fourth one move away
    assert kernel.value(f"w.load({one_move_from_winning()!r}) or w.moves") == 0
    page.locator(f'{TABLE} [data-pile="t4"] .ww-slot').wait_for(timeout=10_000)
    settled(page)
    measured = []
    for width in (400, 900, 1400):
        page.set_viewport_size({"width": width, "height": 1000})
        page.wait_for_timeout(300)
        slots = page.locator(TABLE).first.evaluate(SLOTS)
        assert any(label is not None for _, label, *_ in slots), slots
        measured += slots
    page.set_viewport_size({"width": 1400, "height": 1000})
    labels = [label for _, label, *_ in measured if label is not None]
    outlines = [outline for pile, _, outline, *_ in measured if outline is not None and pile != "card"]
    edges = [edge for pile, _, edge, *_ in measured if pile == "card"]
    assert len(edges) > 10, measured
    worded = {pile[0] for pile, label, *_ in measured if label is not None}
    assert worded == {"f", "s"}, measured  # a foundation's "K-A" and the empty stock's words were measured
    print(f"\n{theme}: slot label min {min(labels):.2f}:1, slot outline min {min(outlines):.2f}:1, "
          f"card edge min {min(edges):.2f}:1")
    assert min(labels) >= 4.5, measured
    assert min(outlines) >= 3, measured
    assert min(edges) >= 3, measured
    assert all(style == "words" or (style != "none" and width >= 1) for *_, style, width in measured), measured
    shot(page, page.locator(f"{TABLE} .ww-board").first, f"/tmp/a11y-slots-{theme}.png")
