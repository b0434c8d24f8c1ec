"""The table beyond the shared JupyterLab page: the same drag in Notebook 7 and in ``marimo run`` (the cards stay
under the pointer and the move is played), a laptop's short view, marimo's own theme, and a table of its own
first tabbed into."""

from __future__ import annotations

import importlib.util
import tempfile
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .lab import chromium_path, lab_page, marimo_page, settled, table_button
from .positions import long_pile_black_widow, wisp_puzzle

pytestmark = pytest.mark.skipif(chromium_path() is None, reason="Debian's chromium is not installed")

SETUP = f"""import wispwidget
w = wispwidget.play("will-o-the-wisp", seed=7, auto_verdict=False)
w.load({wisp_puzzle()!r})
w"""

MARIMO_APP = f'''import marimo

app = marimo.App()


@app.cell
def _():
    import marimo as mo
    import wispwidget

    w = wispwidget.play("will-o-the-wisp", seed=7, auto_verdict=False)
    w.load({wisp_puzzle()!r})
    table = mo.ui.anywidget(w)
    table
    return


if __name__ == "__main__":
    app.run()
'''


def drag_run_onto_ten(page) -> None:
    """Drag 9H 8H 7H onto 10H, checking at each step that the run is under the pointer; the engine plays it."""
    page.locator('.ww-root [data-pile="t0"] [data-card="9H"]').wait_for()
    settled(page)
    card = page.locator('.ww-root [data-pile="t0"] [data-card="9H"]').bounding_box()
    target = page.locator('.ww-root [data-pile="t1"]').bounding_box()
    grab_x, grab_y = 15, 8
    x0, y0 = card["x"] + grab_x, card["y"] + grab_y
    page.mouse.move(x0, y0)
    page.mouse.down()
    tx, ty = target["x"] + target["width"] / 2, target["y"] + target["height"] / 2
    for k in range(1, 6):
        x, y = x0 + (tx - x0) * k / 5, y0 + (ty - y0) * k / 5 + (0 if k == 5 else 40)
        page.mouse.move(x, y, steps=3)
        ghost = page.locator('.ww-root .ww-ghost [data-card="9H"]').bounding_box()
        assert abs(ghost["x"] - (x - grab_x)) <= 8 and abs(ghost["y"] - (y - grab_y)) <= 8, (k, ghost, x, y)
    expect(page.locator('.ww-root [data-pile="t1"].ww-accepts')).to_have_count(1)
    page.mouse.up()
    # the kernel played it: its new state has the run on the ten
    expect(page.locator('.ww-root [data-pile="t1"] [data-card="7H"]')).to_be_visible(timeout=10_000)
    expect(page.locator('.ww-root [data-pile="t0"] [data-card="4D"]')).to_be_visible()


@pytest.mark.skipif(importlib.util.find_spec("notebook") is None, reason="Notebook 7 is not installed")
def test_drag_in_notebook_7():
    with lab_page([SETUP], app="notebook") as (page, kernel, _lab):
        drag_run_onto_ten(page)
        assert kernel.value("[list(m) for m in w.game.moves_played]") == [["t0", "t1", 3]]


# With the table's top at the top of the window: where the table ends, the status line, and whether it is the
# topmost thing where it is drawn (the footer lifted into view when the table is taller than the window).
STATUS_IN_VIEW = """() => new Promise((done) => {
  const root = document.querySelector(".ww-root");
  root.scrollIntoView({ block: "start" });
  requestAnimationFrame(() => requestAnimationFrame(() => {
    const status = root.querySelector(".ww-status"), r = status.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + 10, r.top + r.height / 2);
    done({ window: innerHeight, tableBottom: root.getBoundingClientRect().bottom, statusBottom: r.bottom,
           onTop: !!hit && status.contains(hit) });
  }));
})"""


@pytest.mark.skipif(importlib.util.find_spec("notebook") is None, reason="Notebook 7 is not installed")
def test_the_status_line_stays_in_view_under_a_long_pile_in_notebook_7():
    cell = f"""import wispwidget
w = wispwidget.play("black-widow", seed=1, auto_verdict=False)
w.load({long_pile_black_widow()!r})
w"""
    with lab_page([cell], app="notebook", viewport={"width": 1366, "height": 768}) as (page, _kernel, _lab):
        page.locator('.ww-root [data-card="5S"]').last.wait_for()
        settled(page)
        deadline = time.time() + 5  # the page may still be settling (a loaded machine)
        while not (seen := page.evaluate(STATUS_IN_VIEW))["onTop"] and time.time() < deadline:
            page.wait_for_timeout(100)
        assert seen["tableBottom"] > seen["window"] + 20, seen  # taller than the window
        assert seen["statusBottom"] <= seen["window"] and seen["onTop"], seen


# With the table's top at the top of the notebook's view: the view's bottom (the scrolling box's, or the
# window's), the table's, and whether the footer had to be lifted over the cards.
TABLE_IN_VIEW = """() => new Promise((done) => {
  const root = document.querySelector(".ww-root");
  root.scrollIntoView({ block: "start" });
  let view = innerHeight;
  for (let n = root.parentElement; n; n = n.parentElement) {
    const style = getComputedStyle(n);
    if (style.overflowY !== "visible" && n.scrollHeight > n.clientHeight) {
      view = Math.min(view, n.getBoundingClientRect().bottom);
    }
  }
  requestAnimationFrame(() => requestAnimationFrame(() => done({ view, tableTop: root.getBoundingClientRect().top,
    tableBottom: root.getBoundingClientRect().bottom,
    lifted: root.querySelector(".ww-footer").classList.contains("ww-footer-lifted"),
    card: document.querySelector(".ww-root [data-pile=t0] [data-card]").getBoundingClientRect().width })));
})"""


@pytest.mark.skipif(importlib.util.find_spec("notebook") is None, reason="Notebook 7 is not installed")
def test_a_laptops_short_view_holds_the_whole_table_five_deals_in():
    """Notebook 7 at 1024 x 640 (a 538 px view): five deals in, every pile 2 face down and 6 face up. The table
    was 601 px tall, its footer lifted over the lowest cards even with the table scrolled to its top; the cards
    now zoom out so the whole table is seen."""
    cell = """import wispwidget
w = wispwidget.play("will-o-the-wisp", seed=1, auto_verdict=False)
for _ in range(5):
    w.deal()
w"""
    with lab_page([cell], app="notebook", viewport={"width": 1024, "height": 640}) as (page, kernel, _lab):
        assert kernel.value("[len(p.down) for p in w.game.position().tableau]") == [2] * 7
        settled(page)
        page.wait_for_timeout(300)
        seen = page.evaluate(TABLE_IN_VIEW)
        assert seen["tableBottom"] <= seen["view"] + 1 and not seen["lifted"], seen
        page.screenshot(path=str(Path(tempfile.gettempdir()) / "wisp-shots" / "notebook7-1024x640.png"))


TABLE_SEVEN = """import wispwidget
w = wispwidget.play("will-o-the-wisp", seed=7, auto_verdict=False)
w"""


def ring_pixels(page) -> list[tuple[int, int, int]]:
    """The colours a person sees just inside the table's left edge, a third of the way down, at its top, and at
    its bottom and left edge beside the footer (whose felt once painted over the ring's lower part)."""
    import io

    from PIL import Image

    box = page.locator(".ww-root").first.bounding_box()
    shot = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
    x, y = int(box["x"]) + 1, int(box["y"] + box["height"] / 3)
    bottom, middle = int(box["y"] + box["height"]) - 2, int(box["x"] + box["width"] / 2)
    return [shot.getpixel((x, y)), shot.getpixel((middle, int(box["y"]) + 1)), shot.getpixel((middle, bottom)),
            shot.getpixel((x, bottom - 12))]


def test_tabbed_into_the_table_shows_its_ring_its_cursor_and_its_keys():
    """A keyboard player's first sight of the table: a ring the notebook's output box does not cut off (before:
    drawn outside the table and clipped), the cursor on pile 1 at once, and the keys named (the first time: a
    table of its own, which no other test has tabbed into)."""
    with lab_page([TABLE_SEVEN], viewport={"width": 1280, "height": 900}) as session:
        tabbed_into(*session)


def tabbed_into(page, kernel, _lab) -> None:
    settled(page)
    page.wait_for_timeout(300)
    page.locator(".jp-Cell .jp-InputArea-editor").first.click()
    page.keyboard.press("Escape")  # command mode, as a notebook user would be
    before = ring_pixels(page)
    for _ in range(40):
        if page.evaluate("() => document.activeElement?.classList.contains('ww-root')"):
            break
        page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.matches('.ww-root:focus-visible')")
    after = ring_pixels(page)
    accent = page.evaluate("""() => getComputedStyle(document.querySelector('.ww-root'))
      .getPropertyValue('--ww-accent').trim()""")
    for seen, was in zip(after, before, strict=True):
        assert seen != was and seen[2] > seen[0] + 60, (seen, was, accent)  # the accent's blue, where felt was
    expect(page.locator('.ww-root [data-pile="t0"].ww-cursor')).to_have_count(1)
    expect(page.locator(".ww-root .ww-live")).to_contain_text("Keys:")
    page.keyboard.press("ArrowRight")
    expect(page.locator('.ww-root [data-pile="t1"].ww-cursor')).to_have_count(1)


@pytest.mark.skipif(importlib.util.find_spec("notebook") is None, reason="Notebook 7 is not installed")
def test_shift_enter_in_the_table_plays_nothing_and_is_left_to_the_notebook():
    """A player in Notebook 7 clicked the felt, pressed Right and then Shift+Enter to run the cell again: the
    table played 4♦ onto 5♠. Shift+Enter is the notebook's key: the table plays nothing and lets it pass."""
    with lab_page([TABLE_SEVEN], app="notebook", viewport={"width": 1280, "height": 900}) as (page, kernel, _lab):
        settled(page)
        page.evaluate("""() => { window.reached = [];
          document.addEventListener('keydown', (e) => window.reached.push(e.key + (e.shiftKey ? '+shift' : ''))); }""")
        box = page.locator(".ww-root .ww-board").bounding_box()
        page.mouse.click(box["x"] + box["width"] - 5, box["y"] + box["height"] - 5)  # the felt: the table's focus
        assert page.evaluate("() => document.activeElement?.classList.contains('ww-root')")
        page.keyboard.press("ArrowRight")
        page.keyboard.press("Shift+Enter")
        page.wait_for_timeout(1500)
        assert kernel.value("len(w.game.moves_played)") == 0  # nothing played
        assert page.evaluate("() => window.reached") == ["Enter+shift"]  # the arrow was the table's; this is not


@pytest.mark.skipif(importlib.util.find_spec("notebook") is None, reason="Notebook 7 is not installed")
def test_after_a_kernel_restart_the_table_says_so_at_once_and_its_clock_stops():
    """Notebook 7, Kernel > Restart: the table's clock ran on, its buttons looked alive, a click waited four seconds
    before "Waiting for the kernel", and the page logged "Cannot send"."""
    with lab_page([TABLE_SEVEN], app="notebook", viewport={"width": 1280, "height": 900}) as (page, _kernel, _lab):
        settled(page)
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.locator('.ww-root [data-pile="t0"] [data-card]').last.click()  # a move: the clock starts
        expect(page.locator(".ww-root .ww-clock")).to_be_visible()
        page.get_by_text("Kernel", exact=True).first.click()
        page.get_by_text("Restart Kernel…", exact=True).first.click()
        page.locator(".jp-Dialog button", has_text="Restart").click()
        page.wait_for_timeout(3000)  # the kernel is back: a new one, which has never heard of this table
        start = time.time()
        table_button(page, "Hint").click()
        expect(page.locator(".ww-root .ww-live")).to_contain_text("lost its kernel", timeout=3000)
        assert time.time() - start < 3  # at once, not after the four seconds of "Waiting for the kernel"
        shown = page.locator(".ww-root .ww-clock").text_content()
        page.wait_for_timeout(2500)
        assert page.locator(".ww-root .ww-clock").text_content() == shown  # stopped
        assert page.evaluate("() => getComputedStyle(document.querySelector('.ww-root .ww-board')).opacity") == "0.5"
        assert not [e for e in errors if "Cannot send" in e], errors


# Review's longest words (an unsettled review of a Watch game): three lines at 1400 px
REVIEW_WORDS = ("Review could not tell which move lost the game. It was one of moves 77 to 97 (move 77: 9♥ from pile 3 "
                "onto 10♥ on pile 6; move 97: a deal). They were all Watch's, not yours. After move 76 it could still "
                "be won: the table is back there (Redo replays the moves played), and the arrow shows a move that "
                "keeps a win. Press Review again to search 5 times longer.")


def marimo_table_app(position: str | None) -> str:
    """A full-width marimo notebook showing a fresh deal's table, or the table loaded with ``position``, or
    (``"review"``) a fresh deal with Review's three lines of words and a hint line under it."""
    if position == "review":  # four deals in: piles of seven cards, which fill the box's height
        hint = {"text": "Instead of move 41 (9♥ from pile 3, the dashed arrow), 9♣ from pile 2 onto 10♥ keeps a win."}
        load = (f"    for _ in range(4):\n        w.deal()\n    w.hint_move = {hint!r}\n"
                f"    w.controller.say({REVIEW_WORDS!r}, 'info')\n")
    else:
        load = f"    w.load({position!r})\n" if position else ""
    return f'''import marimo

app = marimo.App(width="full")


@app.cell
def _():
    import marimo as mo
    import wispwidget

    w = wispwidget.play("will-o-the-wisp", seed=1, auto_verdict=False)
{load}    table = mo.ui.anywidget(w)
    table
    return


if __name__ == "__main__":
    app.run()
'''


# Every 50 ms for two seconds: the first card's width, and how far the table's bottom lies past the bottom of the
# output box that clips it (marimo's, 610 px at most), or how far that box scrolls, the more.
SIZES_OVER_TIME = """async () => {
  const host = [...document.querySelectorAll('*')].map((e) => e.shadowRoot?.querySelector('.ww-root')).find(Boolean)
    ?? document.querySelector('.ww-root');
  let box = host.parentElement ?? host.getRootNode().host;
  while (box && getComputedStyle(box).maxHeight === 'none') box = box.parentElement ?? box.getRootNode().host;
  const seen = [];
  for (let i = 0; i < 40; i++) {
    const width = Math.round(host.querySelector('.ww-card').getBoundingClientRect().width);
    const past = host.getBoundingClientRect().bottom - box.getBoundingClientRect().bottom;
    seen.push([width, Math.round(Math.max(past, box.scrollHeight - box.clientHeight))]);
    await new Promise((r) => setTimeout(r, 50));
  }
  return seen;
}"""


@pytest.mark.skipif(importlib.util.find_spec("marimo") is None, reason="marimo is not installed")
@pytest.mark.parametrize("position", [None, long_pile_black_widow(up=25), "review"],
                         ids=["fresh deal", "long pile", "review's words"])
def test_the_table_settles_at_one_size_inside_marimos_output_box(position):
    """In marimo's editor (full width, 1400x1000) the cards flipped between 120 and 102 px 28 times in three
    seconds: the table was 641 px tall in an output box of 610 px at most, whose scroll bar came and went; and
    its footer covered the lowest cards; after Review (three lines of words under the board) at 1920x1080 the table
    ran past the box. Now the box's greatest height, less its padding, is the view the table fits."""
    size = {"width": 1920, "height": 1080} if position == "review" else {"width": 1400, "height": 1000}
    with marimo_page(marimo_table_app(position), mode="edit", viewport=size) as page:
        page.wait_for_timeout(1500)
        seen = page.evaluate(SIZES_OVER_TIME)
        widths = {width for width, _ in seen}
        assert len(widths) == 1, seen
        assert max(past for _, past in seen) <= 1, seen  # the whole table inside the box: nothing under the footer
        assert widths.pop() >= (32 if position else 60)  # a fresh deal's cards are not shrunk for nothing


@pytest.mark.skipif(importlib.util.find_spec("marimo") is None, reason="marimo is not installed")
def test_drag_in_marimo():
    with marimo_page(MARIMO_APP) as page:
        drag_run_onto_ten(page)


# The table's felt and words, and how light the marimo cell around the table is (relative luminance, 0 to 1).
FELT = """() => {
  const host = [...document.querySelectorAll("*")].find((n) => n.shadowRoot?.querySelector(".ww-root"));
  const root = host.shadowRoot.querySelector(".ww-root");
  const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map((v) => Number(v) * (c.startsWith("color(") ? 255 : 1));
  const lin = (c) => c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4;
  const lum = ([r, g, b]) => 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  const style = getComputedStyle(root);
  return { theme: root.dataset.wwTheme, felt: lum(rgb(style.backgroundColor)), ink: lum(rgb(style.color)),
           page: lum(rgb(getComputedStyle(host.closest(".marimo-cell")).backgroundColor)) };
}"""


@pytest.mark.skipif(importlib.util.find_spec("marimo") is None, reason="marimo is not installed")
@pytest.mark.parametrize(("theme", "scheme"), [("dark", "light"), ("light", "dark")])
def test_the_table_takes_marimos_theme_not_the_browsers(theme, scheme):
    """marimo set to dark on a computer set to light drew a light table on a dark page (and the other way
    round): the table follows the page it is drawn on."""
    with marimo_page(MARIMO_APP, theme=theme, color_scheme=scheme) as page:
        page.wait_for_timeout(1000)  # marimo's theme and the table's reading of it
        seen = page.evaluate(FELT)
        assert seen["theme"] == theme, seen
        if theme == "dark":
            assert seen["page"] < 0.18 and seen["felt"] < 0.18 and seen["ink"] > 0.5, seen
        else:
            assert seen["page"] > 0.5 and seen["felt"] > 0.5 and seen["ink"] < 0.1, seen


MARIMO_TEACHING = '''import marimo

app = marimo.App()


@app.cell
def _():
    import marimo as mo
    import wispwidget as ww

    view = ww.SearchTraceWidget(ww.trace(ww.deal("micro-wisp", 1).position(), "astar", "cards-left", dedupe=True,
                                         pruning={"relabel"}, ordering=False))
    view.step = 40
    lab = ww.variant_lab("mini-wisp")
    mo.vstack([mo.ui.anywidget(view), mo.ui.anywidget(lab)])
    return


if __name__ == "__main__":
    app.run()
'''


# The trace view's words, its tree's paper and its code's background, as luminance (0 to 1), in marimo.
TRACE_COLOURS = """() => {
  const host = [...document.querySelectorAll("*")].find((n) => n.shadowRoot?.querySelector(".ww-trace"));
  const trace = host.shadowRoot.querySelector(".ww-trace");
  const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map((v) => Number(v) * (c.startsWith("color(") ? 255 : 1));
  const lin = (c) => c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4;
  const lum = (c) => { const [r, g, b] = rgb(c); return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b); };
  const of = (selector, what) => lum(getComputedStyle(trace.querySelector(selector))[what]);
  return { theme: trace.dataset.wwTheme, words: of(".ww-trace-panel h3", "color"),
           tree: of(".ww-tree-panel", "backgroundColor"), code: of(".ww-code", "backgroundColor"),
           page: lum(getComputedStyle(host.closest(".marimo-cell")).backgroundColor) };
}"""


@pytest.mark.skipif(importlib.util.find_spec("marimo") is None, reason="marimo is not installed")
def test_the_trace_view_reads_in_marimos_dark_theme():
    """marimo dark on a light computer: the trace view's words were near-black on marimo's near-black page
    (contrast about 1:1), and its tree and code panels stayed white."""
    with marimo_page(MARIMO_TEACHING, wait_for=".ww-trace-panel", theme="dark", color_scheme="light") as page:
        page.wait_for_timeout(1000)
        seen = page.evaluate(TRACE_COLOURS)
        assert seen["theme"] == "dark" and seen["page"] < 0.05, seen
        assert (seen["words"] + 0.05) / (seen["page"] + 0.05) >= 7, seen  # WCAG AAA for its headings and words
        assert seen["tree"] < 0.05 and seen["code"] < 0.05, seen  # dark panels on a dark page


@pytest.mark.skipif(importlib.util.find_spec("marimo") is None, reason="marimo is not installed")
def test_the_trace_view_and_the_lab_are_styled_in_marimo():
    """marimo draws each widget in a shadow root, where a page's styles do not reach: the trace view's legend,
    its highlighted line of code and the lab's buttons were bare text there. The search-again bar starts from the
    search on show."""
    with marimo_page(MARIMO_TEACHING, wait_for=".ww-trace-panel") as page:
        swatch = page.locator(".ww-legend i").first
        expect(swatch).to_be_visible()
        box = swatch.bounding_box()
        assert 10 <= box["width"] <= 14 and 10 <= box["height"] <= 14, box
        line = page.locator('.ww-code li[aria-current="step"]')
        expect(line).to_have_count(1)
        assert line.evaluate("(li) => getComputedStyle(li).backgroundColor") not in ("rgba(0, 0, 0, 0)", "transparent")
        button = page.locator(".wisp-lab button").first
        expect(button).to_be_visible()
        assert button.evaluate("(b) => parseFloat(getComputedStyle(b).borderTopWidth)") >= 1
        assert button.bounding_box()["height"] >= 20
        boxes = {label: page.get_by_label(f"Prune: {label}").is_checked()
                 for label in ("ace-to-foundation", "first-empty", "relabel")}
        assert boxes == {"ace-to-foundation": False, "first-empty": False, "relabel": True}
