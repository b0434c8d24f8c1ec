"""The rule-variant lab in a real JupyterLab: controls present, a control changes the kernel's variant, a study
runs and its bars appear, "Play this variant" shows a table under it."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .lab import DARK_THEME, chromium_path, lab_page, until

pytestmark = pytest.mark.skipif(chromium_path() is None, reason="Debian's chromium is not installed")
SHOTS = Path(os.environ.get("WISP_SHOTS", tempfile.gettempdir())) / "wisp-shots"
SHOTS.mkdir(parents=True, exist_ok=True)

SETUP = """import wispwidget as ww
lab = ww.variant_lab("mini-wisp")
lab.deals = 6
lab"""



def test_controls_a_study_and_its_bars(tmp_path):
    with lab_page([SETUP], name="variants.ipynb", wait_for=".wisp-lab") as (page, kernel, _lab):
        root = page.locator(".wisp-lab")
        for name in ("movable", "build", "empty_pile", "stock", "foundations", "deal_needs_no_empty_pile",
                     "piles", "face_down", "face_up", "top_rank", "copies", "suits"):
            assert root.locator(f"[data-control={name}]").count() == 1, name
        root.locator("select[data-control=movable]").select_option("single-card")
        until(kernel, "lab.spec.movable.value", lambda v: v == "single-card")
        expect(root.locator(".wisp-lab-name")).to_contain_text("one card at a time")  # once the view has it
        root.locator("button[data-action=study]").click()
        until(kernel, "sorted(lab.results)", lambda v: v == ["base", "variant"])
        root.locator("[data-bar=variant-won]").wait_for(timeout=20_000)
        assert root.locator("[data-bar=base-won]").count() == 1
        expect(root.locator(".wisp-lab-status")).to_contain_text("6 deals", timeout=20_000)
        root.locator("button[data-action=play]").click()
        until(kernel, "lab.table is not None and lab.table.game.spec == lab.spec", lambda v: v is True)
        page.locator(".ww-root").first.wait_for(timeout=30_000)  # the table, shown under the lab
        root.locator("input[data-control=piles]").fill("20")
        root.locator("input[data-control=piles]").dispatch_event("change")
        until(kernel, "lab.controls['piles']", lambda v: v == 20)
        root.locator(".wisp-lab-error").wait_for(timeout=20_000)
        assert root.locator("button[data-action=study]").is_disabled()


LOOKS = (Path(__file__).parent / "lab_looks.js").read_text()



@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_lab_reads_in_either_theme_and_no_control_covers_another(theme, tmp_path):
    settings = DARK_THEME if theme == "dark" else None
    setup = ("import wispwidget as ww\nlab = ww.variant_lab('will-o-the-wisp', deals=4, max_positions=1)\n"
             "lab.set(foundations='build-up-in-suit')\nlab")
    with lab_page([setup], name="variants.ipynb", wait_for=".wisp-lab", settings=settings) as (page, _, _lab):
        root = page.locator(".wisp-lab")
        root.locator("button[data-action=study]").click()
        root.locator("[data-range=variant-winnable]").wait_for(timeout=30_000)
        expect(root.locator(".wisp-lab-status")).to_contain_text("Most deals were not settled")
        looks = page.evaluate(LOOKS)
        root.screenshot(path=str(SHOTS / f"lab_{theme}.png"))
        if theme == "dark":
            assert sum(looks["background"]) < 200, looks  # the dark theme is on
        assert looks["texts"] >= 4.5 and looks["labels"] >= 4.5, looks  # WCAG AA for text
        assert looks["count"] == 19 and looks["whiskers"] >= 3, looks  # 13 words, 6 intervals: none missed
        assert looks["overlaps"] == 0 and looks["cut"] == [], looks
        assert looks["right"] <= looks["width"] + 1, looks
        red = {symbol: rgb[0] > 150 and max(rgb[1:3]) < 110 for symbol, rgb in looks["suits"].items()}
        assert red == {"♣": False, "♦": True, "♥": True, "♠": False}, looks  # ♦ and ♥ are red, ♣ and ♠ not
        # An all-unknown study: the winnable range spans the whole scale, and it says so in words.
        expect(root.locator(".wisp-lab-bars")).to_contain_text("winnable* 0%-100% (95%)")
        expect(root.locator(".wisp-lab-bars")).to_contain_text("* unknown deals as lost, then as won")
        # each game's bars under a heading with its name, not an engine word
        expect(root.locator("[data-heading=base]")).to_contain_text("Base game: Will o' the Wisp")
        expect(root.locator("[data-heading=variant]")).to_contain_text("Variant: builds up — Will o' the Wisp")
        # the bars fill the lab's width, their words large enough for a class to read on a projector, and no
        # row's words run into the bars
        bars = page.evaluate("""() => {
          const svg = document.querySelector('.wisp-lab-bars'), lab = document.querySelector('.wisp-lab');
          const words = [...svg.querySelectorAll('text')].filter((t) => /[/]|winnable/.test(t.textContent)
            && !t.hasAttribute('data-heading')).map((t) => t.getBoundingClientRect());
          const heading = svg.querySelector('[data-heading=variant]').getBoundingClientRect();
          const variantBar = svg.querySelector('[data-bar=variant-won]').getBoundingClientRect();
          const baseRange = svg.querySelector('[data-range=base-winnable]').getBoundingClientRect();
          const bars = [...svg.querySelectorAll('[data-bar], [data-range]')].map((r) => r.getBoundingClientRect());
          return {width: svg.getBoundingClientRect().width, lab: lab.getBoundingClientRect().width,
                  smallest: Math.min(...words.map((r) => r.height)), wordsEnd: Math.max(...words.map((r) => r.right)),
                  barsStart: Math.min(...bars.map((r) => r.left)), rows: words.length,
                  headingTop: heading.top, headingBottom: heading.bottom, variantBarTop: variantBar.top,
                  baseRangeBottom: baseRange.bottom, headingRight: heading.right,
                  svgRight: svg.getBoundingClientRect().right,
                  scale: svg.getBoundingClientRect().width / Number(svg.getAttribute('width'))};
        }""")
        assert bars["width"] >= bars["lab"] - 2, bars
        assert bars["smallest"] >= 14, bars  # the words were 11 px, drawn at their own size
        assert 0.95 <= bars["scale"] <= 1.05, bars  # drawn at the width shown: words the size of the lab's own
        assert bars["rows"] == 8 and bars["wordsEnd"] <= bars["barsStart"], bars
        # the variant's heading sits between the base's bars and its own, inside the chart
        assert bars["baseRangeBottom"] <= bars["headingTop"] and bars["headingBottom"] <= bars["variantBarTop"], bars
        assert bars["headingRight"] <= bars["svgRight"] + 1, bars
        if theme == "light":  # a notebook beside its file browser: the cell is about 320 px wide
            page.evaluate("document.querySelector('.wisp-lab').parentElement.style.width = '320px'")
            # (320 less the lab's margins, 4 px each side: room for a control's focus ring at its edge)
            until_narrow = "document.querySelector('.wisp-lab-bars').getAttribute('width') === '312'"
            page.wait_for_function(until_narrow, timeout=5_000)  # the bars are drawn again for the width
            narrow = page.evaluate(LOOKS)
            root.screenshot(path=str(SHOTS / "lab_narrow.png"))
            assert narrow["overlaps"] == 0 and narrow["cut"] == [], narrow
            # where a cell is narrower still and a menu cuts its choice, hovering it says the whole choice
            titled = page.evaluate("""() => [...document.querySelectorAll('.wisp-lab select')]
              .every((s) => s.title && s.title === s.selectedOptions[0].text)""")
            assert titled
            assert narrow["width"] - narrow["left"] <= 321, narrow
            assert narrow["widest"] <= narrow["width"] + 1, narrow  # nothing sticks out past the lab's edge


def test_presentation_makes_every_word_and_the_bars_larger_and_still_fits():
    """A teacher's projector: the Presentation button sets the kernel's trait; words and bars grow by about
    1.6 and nothing overlaps, is cut, or sticks out of the cell; pressed again, the lab is as it was."""
    setup = ("import wispwidget as ww\nlab = ww.variant_lab('will-o-the-wisp', deals=4, max_positions=1)\n"
             "lab.set(foundations='build-up-in-suit')\nlab")
    with lab_page([setup], name="present.ipynb", wait_for=".wisp-lab") as (page, kernel, _lab):
        page.set_viewport_size({"width": 1280, "height": 800})
        root = page.locator(".wisp-lab")
        root.locator("button[data-action=study]").click()
        root.locator("[data-range=variant-winnable]").wait_for(timeout=30_000)
        sizes = """() => {
          const lab = document.querySelector('.wisp-lab');
          const label = parseFloat(getComputedStyle(lab.querySelector('.wisp-lab-row span')).fontSize);
          const word = document.querySelector('.wisp-lab-bars [data-heading=base]').getBoundingClientRect().height;
          const box = lab.querySelector('input[type=checkbox]').getBoundingClientRect().width;
          return {label, word, box, width: lab.getBoundingClientRect().width,
                  cell: lab.closest('.jp-OutputArea-output').getBoundingClientRect().width};
        }"""
        before = page.evaluate(sizes)
        present = root.locator("button[data-action=present]")
        present.click()
        until(kernel, "lab.presentation", lambda v: v is True)
        expect(present).to_have_attribute("aria-pressed", "true")
        page.wait_for_timeout(300)
        after = page.evaluate(sizes)
        assert after["label"] >= 1.45 * before["label"], (before, after)
        assert after["word"] >= 1.45 * before["word"], (before, after)  # the bars' words grow with the lab's
        assert after["box"] >= 1.3 * before["box"], (before, after)  # the switches too (inputs keep 13 px)
        assert after["width"] > before["width"] and after["width"] <= after["cell"] + 1, (before, after)
        assert after["width"] >= after["cell"] - 2, (before, after)  # as wide as the cell allows (docs/variants.md)
        looks = page.evaluate(LOOKS)
        root.screenshot(path=str(SHOTS / "lab_presentation.png"))
        assert looks["overlaps"] == 0 and looks["cut"] == [], looks
        assert looks["right"] <= looks["width"] + 1 and looks["widest"] <= looks["width"] + 1, looks
        assert looks["count"] == 19, looks  # every word of the bars is still drawn
        # the teacher's projector: 1920 x 1080 with the file browser open, the cell about 1,490 px wide (the lab
        # stopped at 1,152 px, where docs/variants.md said "as wide as the cell allows")
        page.set_viewport_size({"width": 1920, "height": 1080})
        page.wait_for_timeout(300)
        wide = page.evaluate(sizes)
        assert wide["cell"] > 1300 and wide["width"] >= wide["cell"] - 2, wide
        assert wide["word"] <= 1.05 * after["word"], (after, wide)  # the bars' words stay 1.6 times the usual
        looks = page.evaluate(LOOKS)
        root.screenshot(path=str(SHOTS / "lab_presentation_1920.png"))
        assert looks["overlaps"] == 0 and looks["cut"] == [], looks
        assert looks["right"] <= looks["width"] + 1 and looks["widest"] <= looks["width"] + 1, looks
        # ...and there the rules and the bars are side by side, both on the screen at once (one below the other,
        # the lab was 1,200 px tall: the class saw the rules or the bars)
        page.evaluate("document.querySelector('.wisp-lab').scrollIntoView({block: 'start'})")
        page.wait_for_timeout(200)
        apart = page.evaluate(SETUP_AND_BARS)
        page.screenshot(path=str(SHOTS / "lab_presentation_1920_screen.png"))
        assert apart["barsLeft"] >= apart["setupRight"] and apart["barsTop"] < apart["setupBottom"], apart
        assert apart["choicesTop"] >= apart["screenTop"] and apart["barsBottom"] <= apart["screenBottom"], apart
        assert apart["buttonsBottom"] <= apart["screenBottom"], apart  # Study too
        assert apart["barsWidth"] >= 600 and apart["drawn"] >= 400, apart  # wide enough for words beside bars
        # A 1280 x 720 projector: one column, the bars below the rules; when a study ends the bars come into view.
        page.set_viewport_size({"width": 1280, "height": 720})
        page.evaluate("document.querySelector('.wisp-lab').scrollIntoView({block: 'start'})")
        page.wait_for_timeout(300)
        assert page.evaluate(SETUP_AND_BARS)["barsBottom"] > page.evaluate(SETUP_AND_BARS)["screenBottom"]
        root.locator("button[data-action=study]").click()
        page.wait_for_function(f"() => {{ const a = ({SETUP_AND_BARS})(); "
                               "return a.barsTop >= a.screenTop - 1 && a.barsBottom <= a.screenBottom + 1; }",
                               timeout=30_000)
        expect(root.locator(".wisp-lab-status")).to_contain_text("4 deals")
        page.screenshot(path=str(SHOTS / "lab_presentation_720_screen.png"))
        page.set_viewport_size({"width": 1280, "height": 800})
        present.click()
        until(kernel, "lab.presentation", lambda v: v is False)
        page.wait_for_timeout(300)
        again = page.evaluate(sizes)
        assert abs(again["label"] - before["label"]) < 0.5 and abs(again["word"] - before["word"]) < 0.5, again


# Where the rules, the buttons and the bars are against the notebook's visible area (its scrolled box).
SETUP_AND_BARS = """() => {
  const lab = document.querySelector('.wisp-lab'), bars = lab.querySelector('.wisp-lab-chart');
  let screen = lab.parentElement;
  while (screen && !/(auto|scroll)/.test(getComputedStyle(screen).overflowY)) screen = screen.parentElement;
  const view = screen.getBoundingClientRect(), box = (s) => lab.querySelector(s).getBoundingClientRect();
  const b = bars.getBoundingClientRect();
  return {screenTop: Math.max(0, view.top), screenBottom: Math.min(innerHeight, view.bottom),
          setupRight: box('.wisp-lab-setup .wisp-lab-choices').right, setupBottom: box('.wisp-lab-buttons').bottom,
          choicesTop: box('.wisp-lab-choices').top, buttonsBottom: box('.wisp-lab-buttons').bottom,
          barsLeft: b.left, barsTop: b.top, barsBottom: b.bottom, barsWidth: b.width,
          drawn: Number(bars.querySelector('svg').getAttribute('width'))};
}"""


ERROR_LOOKS = """() => {
  const lab = document.querySelector('.wisp-lab'), status = lab.querySelector('.wisp-lab-status');
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => [r, g, b]
    .map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  const contrast = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  let bg = [255, 255, 255];
  for (let n = lab; n; n = n.parentElement) {
    const c = rgb(getComputedStyle(n).backgroundColor);
    if (c.length === 3 || (c.length === 4 && c[3] > 0.5)) { bg = c.slice(0, 3); break; }
  }
  const error = rgb(getComputedStyle(status).color), usual = rgb(getComputedStyle(lab).color);
  return {theme: lab.dataset.wwTheme, background: bg, error, usual, contrast: contrast(error, bg),
          red: error[0] > Math.max(error[1], error[2]) + 60, marked: getComputedStyle(status).borderLeftWidth,
          kind: status.dataset.kind || ""};
}"""


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_refusals_say_what_was_typed_in_the_error_style(theme):
    """The teacher's tryout: Deals 2.5 became 2 unsaid, the largest First deal was refused as another number, Load
    JSON's refusals capitalised a field's name and looked like any other words, a misspelt lab.set stuck the lab."""
    settings = DARK_THEME if theme == "dark" else None
    setup = "import wispwidget as ww\nlab = ww.variant_lab('will-o-the-wisp')\nlab"
    with lab_page([setup], name="refusals.ipynb", wait_for=".wisp-lab", settings=settings) as (page, kernel, _lab):
        root = page.locator(".wisp-lab")
        status = root.locator(".wisp-lab-status")
        deals = root.locator("input[data-setting=deals]")
        deals.fill("2.5")
        deals.dispatch_event("change")
        expect(status).to_have_text("Deals must be a whole number from 1 to 100,000 (a lab's study; wispwidget study "
                                    "takes more), not 2.5; it stays 20.")
        expect(deals).to_have_value("20")  # the box shows the setting the lab kept
        assert kernel.value("lab.deals") == 20
        looks = page.evaluate(ERROR_LOOKS)
        assert looks["kind"] == "error" and looks["theme"] == theme, looks
        assert looks["contrast"] >= 4.5 and looks["red"] and looks["error"] != looks["usual"], looks
        assert looks["marked"] not in ("0px", ""), looks  # not told by its colour alone
        first = root.locator("input[data-setting=first_seed]")
        first.fill("18446744073709551615")  # the largest deal number, as documented
        first.dispatch_event("change")
        until(kernel, "str(lab.first_seed)", lambda v: v == "18446744073709551615")
        expect(first).to_have_value("18446744073709551615")
        expect(status).to_have_text("")
        first.fill("18446744073709551616")
        first.dispatch_event("change")
        expect(status).to_contain_text("not 18446744073709551616; it stays 18,446,744,073,709,551,615.")
        # Load JSON: an empty box, then a typo in a value
        json_box = root.locator("textarea.wisp-lab-json")
        json_box.fill("")
        root.locator("button[data-action=load]").click()
        expect(status).to_have_text("The box is empty: paste a wisp-game/1 document.")
        typo = kernel.value("lab.to_json().replace('\"empty_pile\": \"any\"', '\"empty_pile\": \"top-rank-onyl\"')")
        json_box.fill(typo)
        root.locator("button[data-action=load]").click()
        expect(status).to_have_text("Not loaded: in empty_pile, 'top-rank-onyl' is not one of 'any', 'top-rank-only'.")
        assert page.evaluate(ERROR_LOOKS)["contrast"] >= 4.5
        root.screenshot(path=str(SHOTS / f"lab_refusal_{theme}.png"))
        # a misspelt lab.set from Python is refused and stores nothing: the next set works, no error is shown
        kernel.client.execute_interactive("try:\n    lab.set(emtpy_pile='top-rank-only')\nexcept ww.WispError:\n"
                                          "    pass\nlab.set(movable='any-run')", timeout=60)
        until(kernel, "lab.controls['movable']", lambda v: v == "any-run")
        expect(root.locator(".wisp-lab-name")).to_contain_text("Relaxed")
        assert root.locator(".wisp-lab-error").count() == 0
        json_box.fill(kernel.value("lab.to_json()"))
        root.locator("button[data-action=load]").click()
        expect(status).to_contain_text("Loaded")
        assert page.evaluate(ERROR_LOOKS)["kind"] == "", "the usual words are not drawn as an error"


def test_one_lab_study_at_a_time_and_running_the_cell_again_stops_the_old_one():
    """The tryout: Deals 200, budget 250,000, Study, then the cell run again: the old lab's study ran on in the
    kernel for minutes at a core's full use, unseen and unstoppable."""
    first = ("import wispwidget as ww, threading\nlabs = globals().setdefault('labs', [])\n"
             "lab = ww.variant_lab('will-o-the-wisp', deals=200, max_positions=250_000)\nlabs.append(lab)\nlab")
    second = "other = ww.variant_lab('mini-wisp', deals=2, max_positions=2_000)\nother"
    studying = "sum(t.is_alive() and t.name == 'wisp-study' for t in threading.enumerate())"  # jobs.py's thread
    with lab_page([first, second], name="rerun.ipynb", wait_for=".wisp-lab") as (page, kernel, _lab):
        page.locator(".wisp-lab").nth(1).wait_for(timeout=30_000)
        big, small = page.locator(".wisp-lab").nth(0), page.locator(".wisp-lab").nth(1)
        big.locator("button[data-action=study]").click()
        until(kernel, "labs[-1].progress.get('running')", lambda v: v is True)
        small.locator("button[data-action=study]").click()  # a study in another lab stops this one's
        expect(big.locator(".wisp-lab-status")).to_have_text(
            "Study stopped: another lab started a study (one lab study runs at a time).", timeout=20_000)
        expect(big.locator("button[data-action=cancel]")).to_be_disabled()
        expect(small.locator(".wisp-lab-status")).to_contain_text("2 deals at 2,000 positions: won", timeout=30_000)
        big.locator("button[data-action=study]").click()
        until(kernel, "labs[-1].progress.get('running')", lambda v: v is True)
        assert kernel.value(studying) == 1
        page.locator(".jp-Notebook .jp-Cell").first.locator(".jp-InputArea-editor").click()
        page.keyboard.press("Shift+Enter")  # the cell run again: a new lab in its place
        until(kernel, "len(labs)", lambda v: v == 2)
        until(kernel, studying, lambda v: v == 0, timeout=20)  # the old study's thread has ended
        assert kernel.value("[labs[0].progress['running'], labs[0].status]") == [
            False, "Study stopped: another lab started (one lab study runs at a time)."]
