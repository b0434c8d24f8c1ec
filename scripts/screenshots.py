"""Regenerate docs/images/*.png: the table in a real JupyterLab (Debian's Chromium, Playwright).

Run: ``PYTHONPATH=. python scripts/screenshots.py [--out docs/images]``. Shows every game, a 40-card Black
Widow pile at 1400 and 600 px, the dark theme, a drag in progress, the hint arrow, the keys overlay, the
narrow toolbar's More menu, the kernel-driven panels (work in progress, a hint that is a suggestion, the
statistics, the win summary), the rule-variant lab after a study (light and dark) and the table after Review
named a losing move.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.e2e.lab import DARK_THEME, lab_page, settled, table_button  # noqa: E402
from tests.e2e.positions import long_pile_black_widow, one_move_from_winning, wisp_puzzle  # noqa: E402

CELL = """import wispwidget
w = wispwidget.play("will-o-the-wisp", seed=7, auto_verdict=False)
w"""

GAMES = [("will-o-the-wisp", "standard", 7), ("black-widow", "standard", 1), ("waxing-moon", "standard", 2),
         ("spider", "two-suits", 3), ("spiderette", "standard", 4), ("waning-moon", "standard", 5),
         ("mini-wisp", "standard", 2)]


def shoot(page, path: Path) -> None:
    page.evaluate("() => document.querySelectorAll('.Toastify').forEach((t) => t.remove())")
    page.locator(".ww-root").first.screenshot(path=str(path), animations="disabled")
    print("wrote", path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)


def close_side_panel(page) -> None:
    if page.locator("#jp-left-stack").is_visible():
        page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current").first.click()
    page.wait_for_timeout(300)


def new_deal(page, kernel, game: str, variant: str, seed: int) -> None:
    kernel.value(f"w.new_deal({game!r}, {variant!r}, seed={seed}) or w.seed")
    page.wait_for_function(f"() => document.querySelector('.ww-root .ww-game').value === '{game}/{variant}'")
    page.wait_for_timeout(150)
    settled(page)


def load(page, kernel, position: str) -> None:
    kernel.value(f"w.load({position!r}) or w.moves")
    page.wait_for_timeout(200)
    settled(page)


def light(out: Path) -> None:
    with lab_page([CELL]) as (page, kernel, _lab):
        close_side_panel(page)
        for game, variant, seed in GAMES:
            new_deal(page, kernel, game, variant, seed)
            shoot(page, out / f"{game}{'' if variant == 'standard' else '-' + variant}.png")
        new_deal(page, kernel, "black-widow", "standard", 1)
        shoot(page, out / "table.png")
        load(page, kernel, long_pile_black_widow())
        shoot(page, out / "long-pile-1400.png")
        page.set_viewport_size({"width": 600, "height": 1100})
        page.wait_for_timeout(400)
        settled(page)
        shoot(page, out / "long-pile-600.png")
        new_deal(page, kernel, "spider", "two-suits", 3)
        page.locator(".ww-root").get_by_role("button", name="More").click()
        page.set_viewport_size({"width": 600, "height": 700})
        page.wait_for_timeout(300)
        root = page.locator(".ww-root").first.bounding_box()
        menu = page.locator(".ww-root .ww-tools-more").first.bounding_box()
        bottom = max(root["y"] + root["height"], menu["y"] + menu["height"] + 8)
        page.screenshot(path=str(out / "narrow-more-menu.png"),
                        clip={"x": root["x"], "y": root["y"], "width": root["width"], "height": bottom - root["y"]})
        page.locator(".ww-root").get_by_role("button", name="More").click()
        page.set_viewport_size({"width": 1400, "height": 1000})
        page.wait_for_timeout(400)
        # a drag in progress: the run 9H 8H 7H held over pile 2, which lights up
        load(page, kernel, wisp_puzzle())
        card = page.locator('.ww-root [data-pile="t0"] [data-card="9H"]').bounding_box()
        target = page.locator('.ww-root [data-pile="t1"]').bounding_box()
        page.mouse.move(card["x"] + 20, card["y"] + 8)
        page.mouse.down()
        page.mouse.move(target["x"] + 30, target["y"] + 60, steps=8)
        shoot(page, out / "drag.png")
        page.mouse.move(target["x"] + 30, target["y"] + 600, steps=4)
        page.mouse.up()
        page.wait_for_timeout(400)
        # the hint arrow
        new_deal(page, kernel, "will-o-the-wisp", "standard", 7)
        kernel.value("w.hint() and None")
        page.locator(".ww-root [data-hint-arrow]").wait_for(state="attached")
        page.wait_for_timeout(200)
        shoot(page, out / "hint.png")
        # the keys overlay
        page.locator(".ww-root").first.focus()
        page.keyboard.press("?")
        page.get_by_role("dialog", name="Keyboard").wait_for()
        shoot(page, out / "keys.png")
        page.keyboard.press("Escape")


def panels(out: Path) -> None:
    """The kernel-driven panels, with the traits the new TableWidget declares added here and set by hand."""
    from tests.e2e.test_lab_panels import SETUP

    with lab_page([SETUP], name="panels.ipynb") as (page, kernel, _lab):
        close_side_panel(page)
        settled(page)
        kernel.value("setattr(w, 'job', {'kind': 'winnable', 'label': 'Proving deal 12 winnable', "
                     "'positions': 48000, 'cancellable': True}) or 0")
        page.locator(".ww-root .ww-job").wait_for(state="visible")
        shoot(page, out / "job.png")
        kernel.value("setattr(w, 'job', {}) or 0")
        kernel.value("setattr(w, 'hint_move', {'from': 't6', 'to': 't0', 'count': 1, 'proved': False, "
                     "'text': 'Play 10\u2660 onto J\u2665: it frees a face-down card.'}) or 0")
        page.locator(".ww-root .ww-hint-text").wait_for(state="visible")
        shoot(page, out / "hint-suggestion.png")
        kernel.value("setattr(w, 'stats', {'key': 'will-o-the-wisp/standard', 'played': 12, 'won': 5, "
                     "'current_streak': 2, 'best_streak': 3, 'best_seconds': 245}) or 0")
        table_button(page, "Statistics").click()
        page.locator(".ww-root [data-stats]").wait_for(state="visible")
        shoot(page, out / "stats.png")
        page.keyboard.press("Escape")
        kernel.value("setattr(w, 'win_summary', {'moves': 97, 'seconds': 403, 'hints': 1, 'undos': 4}) or 0")
        load(page, kernel, one_move_from_winning())
        page.locator('.ww-root [data-pile="t1"] [data-card="AS"]').click()
        page.locator(".ww-root [data-win-summary]").wait_for(state="visible")
        page.wait_for_timeout(1500)
        shoot(page, out / "win.png")


def dark(out: Path) -> None:
    with lab_page([CELL.replace('"will-o-the-wisp", seed=7', '"spider", variant="two-suits", seed=3')],
                  settings=DARK_THEME) as (page, _kernel, _lab):
        close_side_panel(page)
        page.wait_for_function("() => document.body.dataset.jpThemeLight === 'false'", timeout=30_000)
        page.wait_for_timeout(300)
        shoot(page, out / "dark.png")


LAB = """import wispwidget as ww
lab = ww.variant_lab("will-o-the-wisp", deals=20, max_positions=20_000)
lab.set(empty_pile="top-rank-only", deal_needs_no_empty_pile=False)
lab"""


def lab(out: Path) -> None:
    """The rule-variant lab after a study, in either theme, at 320 px, and in Presentation."""
    for theme, settings in (("", None), ("-dark", DARK_THEME)):
        with lab_page([LAB], name="lab.ipynb", wait_for=".wisp-lab", settings=settings) as (page, _kernel, _lab):
            close_side_panel(page)
            page.locator(".wisp-lab button[data-action=study]").click()
            page.locator(".wisp-lab [data-range=variant-winnable]").wait_for(timeout=120_000)
            page.locator(".wisp-lab").screenshot(path=str(out / f"variant-lab{theme}.png"))
            print("wrote", out / f"variant-lab{theme}.png")
            if not theme:  # beside JupyterLab's file browser a cell can be 320 px wide
                page.set_viewport_size({"width": 1400, "height": 1700})  # the narrow lab is taller than 1000 px
                page.evaluate("document.querySelector('.wisp-lab').parentElement.style.width = '320px'")
                page.wait_for_function("document.querySelector('.wisp-lab-bars').getAttribute('width') === '320'")
                page.locator(".wisp-lab").screenshot(path=str(out / "variant-lab-narrow.png"))
                print("wrote", out / "variant-lab-narrow.png")
                # Presentation, for a 1920 x 1080 projector, the whole screen as the class sees it: every word 1.6
                # times larger, the rules and the bars side by side
                page.evaluate("document.querySelector('.wisp-lab').parentElement.style.width = ''")
                page.set_viewport_size({"width": 1920, "height": 1080})
                page.locator(".wisp-lab button[data-action=present]").click()
                page.wait_for_timeout(400)
                page.screenshot(path=str(out / "variant-lab-presentation.png"))
                print("wrote", out / "variant-lab-presentation.png")


def review(out: Path) -> None:
    """Review on a lost game: the table back before the losing move, a solid arrow for the move that keeps a
    win and a dashed one for the move played; in either theme."""
    from tests.test_review import lost_game

    _, moves, _k = lost_game(10)
    for theme, settings in (("", None), ("-dark", DARK_THEME)):
        cell = CELL.replace('"will-o-the-wisp", seed=7', '"mini-wisp", seed=10')
        with lab_page([cell], settings=settings) as (page, kernel, _lab):
            close_side_panel(page)
            kernel.value(f"[w.move(*m) for m in {[list(m) for m in moves]!r}] and w.moves")
            table_button(page, "Review").click()
            page.locator(".ww-root [data-hint-arrow] path.ww-arrow-line").wait_for(timeout=60_000)
            settled(page)
            page.wait_for_timeout(500)
            shoot(page, out / f"review{theme}.png")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", default=str(ROOT / "docs" / "images"))
    parser.add_argument("--only", choices=["light", "panels", "dark", "lab", "review"], default=None)
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for name, shots in (("light", light), ("panels", panels), ("dark", dark), ("lab", lab),
                        ("review", review)):
        if args.only in (None, name):
            shots(out)


if __name__ == "__main__":
    main()
