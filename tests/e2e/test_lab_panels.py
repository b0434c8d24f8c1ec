"""The kernel-driven panels in a real JupyterLab, drawn from synced traits. Until the Python widget has the
traits (job, stats, win_summary, replay_speed), this test adds them to the widget in the kernel, as the new
TableWidget will declare them, and sets them as the kernel would."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .lab import chromium_path, lab_page, settled, table_button
from .positions import long_pile_black_widow, one_move_from_winning

pytestmark = pytest.mark.skipif(chromium_path() is None, reason="Debian's chromium is not installed")

SETUP = """import traitlets, wispwidget
w = wispwidget.play("will-o-the-wisp", seed=7, auto_verdict=False)
missing = {name: trait for name, trait in dict(job=traitlets.Dict(), stats=traitlets.Dict(),
           win_summary=traitlets.Dict(), replay_speed=traitlets.Float(3.0)).items() if not w.has_trait(name)}
w.add_traits(**{name: trait.tag(sync=True) for name, trait in missing.items()})
w"""


def test_panels_follow_the_kernels_traits():
    with lab_page([SETUP], name="panels.ipynb") as (page, kernel, _lab):
        root = page.locator(".ww-root")
        settled(page)
        # long work: its label and progress, Cancel
        card = root.locator('[data-pile="t0"] [data-card]').last
        before = card.bounding_box()
        kernel.value("setattr(w, 'job', {'kind': 'winnable', 'label': 'Proving deal 12 winnable', "
                     "'positions': 48000, 'cancellable': True}) or 0")
        job = root.get_by_role("progressbar", name="Working")
        expect(job).to_be_visible()
        assert card.bounding_box() == before  # the bar shows under the board: no card moves under the pointer
        assert job.bounding_box()["y"] > root.locator(".ww-board").bounding_box()["y"]
        expect(job).to_contain_text("Proving deal 12 winnable")
        expect(job).to_contain_text("48,000 positions")
        kernel.value("setattr(w, 'busy', True) or 0")
        stop = root.get_by_role("button", name="Stop", exact=True)  # in Hint's place at the top, the one stop
        expect(stop).to_be_visible()
        expect(root.get_by_role("button", name="Hint", exact=True)).to_be_hidden()
        assert card.bounding_box() == before  # Stop in Hint's place moves no card either
        kernel.value("setattr(w, 'job', {}) or setattr(w, 'busy', False) or 0")
        expect(job).to_be_hidden()
        expect(stop).to_be_hidden()
        # a replay: its speed; Stop at the top is the one control that stops it (Solve and Watch wait, greyed)
        kernel.value("setattr(w, 'job', {'kind': 'replay', 'label': 'Playing the solution', 'cancellable': True}) "
                     "or setattr(w, 'busy', True) or 0")
        expect(root.get_by_role("slider", name="Replay speed")).to_be_visible()
        expect(stop).to_be_visible()
        expect(table_button(page, "Solve")).to_be_disabled()
        expect(root.get_by_role("button", name=re.compile("^(Stop|Cancel)$"))).to_have_count(1)
        # in a window shorter than the table, scrolled to the table's top as after pressing Solve or Watch: Stop is
        # in view (before, it sat under the board, which the growing piles pushed past the window's bottom)
        page.set_viewport_size({"width": 1400, "height": 520})
        kernel.value(f"w.load({long_pile_black_widow()!r}) or 0")  # a table no window of 520 px holds
        root.locator('[data-card="5S"]').last.wait_for()
        kernel.value("setattr(w, 'job', {'kind': 'replay', 'label': 'Playing the solution', 'cancellable': True}) "
                     "or setattr(w, 'busy', True) or 0")  # the load ended the replay the kernel was said to run
        expect(stop).to_be_visible()
        settled(page)
        root.evaluate("(el) => el.scrollIntoView({block: 'start'})")
        box, table = stop.bounding_box(), root.bounding_box()
        assert table["y"] + table["height"] > 520  # the table does run past the window's bottom
        assert box["y"] >= 0 and box["y"] + box["height"] <= 520
        centre = [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2]
        assert page.evaluate("([x, y]) => document.elementFromPoint(x, y)?.closest('button')?.getAttribute("
                             "'aria-label')", centre) == "Stop"
        # a narrow cell (More closed, the first row full): Stop takes Hint's place and moves no card
        page.set_viewport_size({"width": 900, "height": 1000})
        expect(root.get_by_role("button", name="More", exact=True)).to_be_visible()
        kernel.value("setattr(w, 'job', {}) or setattr(w, 'busy', False) or 0")
        expect(stop).to_be_hidden()
        settled(page)
        page.wait_for_timeout(300)  # the narrow layout has settled
        narrow = card.bounding_box()
        kernel.value("setattr(w, 'job', {'kind': 'replay', 'label': 'Playing the solution', 'cancellable': True}) "
                     "or setattr(w, 'busy', True) or 0")
        expect(stop).to_be_visible()
        assert card.bounding_box() == narrow
        page.set_viewport_size({"width": 1400, "height": 1000})
        kernel.value("setattr(w, 'job', {}) or setattr(w, 'busy', False) or 0")
        expect(root.get_by_role("slider", name="Replay speed")).to_be_hidden()
        expect(table_button(page, "Solve")).to_be_enabled()
        # statistics, opened from the toolbar
        kernel.value("setattr(w, 'stats', {'key': 'will-o-the-wisp/standard', 'played': 12, 'won': 5, "
                     "'current_streak': 2, 'best_streak': 3, 'best_seconds': 245}) or 0")
        table_button(page, "Statistics").click()
        stats = page.locator(".ww-root [data-stats]")
        expect(stats).to_be_visible()
        expect(stats).to_contain_text("5 (42%)")
        expect(stats).to_contain_text("4:05")
        page.keyboard.press("Escape")
        expect(stats).to_be_hidden()
        # the win and its summary
        assert kernel.value(f"w.load({one_move_from_winning()!r}) or w.moves") == 0
        settled(page)
        page.locator('.ww-root [data-pile="t1"] [data-card="AS"]').click()
        summary = page.locator(".ww-root [data-win-summary]")
        expect(summary).to_be_visible()
        expect(summary).to_contain_text("1 move \u00b7 0:00 \u00b7 0 hints \u00b7 0 undos")  # the kernel's own count
        assert kernel.value("w.win_summary") == {**kernel.value("w.win_summary"), "moves": 1, "hints": 0, "undos": 0}
        box = summary.bounding_box()
        table = root.bounding_box()
        assert table["x"] <= box["x"] and box["x"] + box["width"] <= table["x"] + table["width"]  # over the table
        # Statistics opened over the win: the banner steps aside while the dialog is open (before, the dialog
        # covered the banner's heading and the rest of the banner showed around it), and comes back on close
        page.wait_for_function("() => document.getAnimations().every((a) => a.playState !== 'running')")
        # (the banner's pop, the last card's flight and the celebration have ended)
        summary.evaluate("(el) => el.scrollIntoView({block: 'center'})")  # not under JupyterLab's toolbar
        heading = summary.locator(".ww-win-title").bounding_box()
        middle = [heading["x"] + heading["width"] / 2, heading["y"] + heading["height"] / 2]
        seen_at = "([x, y]) => document.elementFromPoint(x, y)?.closest('[data-stats], [data-win-summary]')" \
                  "?.getAttribute('data-stats') === null ? 'banner' : 'other'"
        assert page.evaluate(seen_at, middle) == "banner"
        table_button(page, "Statistics").click()
        expect(stats).to_be_visible()
        expect(summary).to_be_hidden()
        assert page.evaluate(seen_at, middle) == "other"
        page.keyboard.press("Escape")
        expect(stats).to_be_hidden()
        expect(summary).to_be_visible()
        assert page.evaluate(seen_at, middle) == "banner"
