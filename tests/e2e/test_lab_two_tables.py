"""Two tables on one page in a real JupyterLab (Debian's Chromium), the first out of sight: the second still
draws its arrowheads. (Its own module: a module's JupyterLab page cannot be open while another starts.)"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .lab import chromium_path, lab_page, until

pytestmark = pytest.mark.skipif(chromium_path() is None, reason="Debian's chromium is not installed")

# The pixels of the page where `selector`'s path ends (a square of 2 * r px): its arrowhead, if one is drawn.
def end_pixels(page, selector: str, r: int = 10) -> bytes:
    end = page.evaluate("""(selector) => {
      const path = document.querySelectorAll(selector)[1];
      const m = path.getScreenCTM(), q = path.getPointAtLength(path.getTotalLength());
      return [q.x * m.a + m.e, q.y * m.d + m.f];
    }""", selector)
    return page.screenshot(clip={"x": end[0] - r, "y": end[1] - r, "width": 2 * r, "height": 2 * r})


def test_a_second_tables_hint_has_its_arrowhead_while_the_first_is_hidden():
    """Two tables on a page, the first out of sight (a collapsed output, another tab): the second's arrow still
    ends in a head. They once shared marker ids, and `url(#id)` found the hidden table's marker: no head."""
    cells = ["import wispwidget\na = wispwidget.play('will-o-the-wisp', seed=7, auto_verdict=False)\na",
             "b = wispwidget.play('will-o-the-wisp', seed=7, auto_verdict=False)\nb"]
    with lab_page(cells, name="two_tables.ipynb") as (page, kernel, _):
        expect(page.locator(".ww-root")).to_have_count(2)
        page.evaluate("() => { document.querySelector('.ww-root').closest('.jp-OutputArea').style.display = 'none'; }")
        assert kernel.value("b.hint() and b.hint_move['from']")
        line = ".ww-root [data-hint-arrow] path.ww-arrow-line"
        expect(page.locator(line).nth(1)).to_have_attribute("d", re.compile(r"^M"))
        page.locator(line).nth(1).scroll_into_view_if_needed()
        page.wait_for_timeout(200)
        with_head = end_pixels(page, line)
        page.evaluate("(s) => document.querySelectorAll(s)[1].removeAttribute('marker-end')", line)
        page.wait_for_timeout(200)
        assert end_pixels(page, line) != with_head  # the head drew something where the line ends


def test_running_the_cell_again_stops_the_old_tables_watch():
    """A player pressed Watch, then ran the table's cell again: the new table appeared and the old game played on
    unseen, to a win that counted in Statistics. The old view, taken away, tells the kernel so."""
    cells = ["import wispwidget\nw = wispwidget.play('will-o-the-wisp', seed=3, auto_verdict=False)\nw"]
    with lab_page(cells, name="rerun.ipynb") as (page, kernel, _):
        until(kernel, "w.controller.views", lambda views: views == 1)
        assert kernel.value("[old := w, w.watch('heuristic', interval=0.3)] and old.controller.jobs.get('watch') "
                            "is not None")
        page.locator(".jp-Notebook .jp-Cell .jp-InputArea-editor").first.click()
        page.keyboard.press("Control+Enter")  # the same cell again: a new table in place of the old
        until(kernel, "w is not old and w.controller.views", lambda views: views == 1)
        until(kernel, "old.controller.jobs.get('watch') is None", lambda stopped: stopped)
        played = kernel.value("len(old.game.moves_played)")
        page.wait_for_timeout(900)
        assert kernel.value("len(old.game.moves_played)") == played  # no move since
        assert kernel.value("old.message['text']") == "Stopped: the table is no longer shown."
        expect(page.locator(".ww-root")).to_have_count(1)
