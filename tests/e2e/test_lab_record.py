"""In JupyterLab: the statistics outlive the kernel, and Review answers in words (issues 22 and 26)."""

from __future__ import annotations

import json
import re
import time
import urllib.request

import pytest
from playwright.sync_api import expect

from ..test_review import lost_game
from .lab import chromium_path, lab_page, table_button

pytestmark = pytest.mark.skipif(chromium_path() is None, reason="Debian's chromium is not installed")

CELL = "import wispwidget as ww\nw = ww.play('mini-wisp', seed=10, auto_verdict=False)\nw"


def restart_kernel(lab) -> None:
    """Restart the notebook's kernel through the server's API, as the Kernel menu does."""
    (kernel,) = json.load(urllib.request.urlopen(f"{lab.url}/api/kernels"))
    request = urllib.request.Request(f"{lab.url}/api/kernels/{kernel['id']}/restart", method="POST", data=b"")
    urllib.request.urlopen(request, timeout=60)
    lab.wait_idle()


def test_statistics_survive_a_kernel_restart_and_review_names_what_happened(tmp_path, monkeypatch):
    monkeypatch.setenv("WISPWIDGET_DATA_DIR", str(tmp_path / "data"))  # the Lab and so its kernel inherit it
    with lab_page([CELL]) as (page, kernel, lab):
        _, moves, k = lost_game(10)  # a won line, then a move proved to lose, then a few more
        played = [list(m) for m in moves]
        # the first move as the table sends it (so the game is the player's and counted), the rest by script
        first = {"type": "move", "from": played[0][0], "to": played[0][1], "count": played[0][2]}
        kernel.value(f"w._on_front_end_message(w, {{**{first!r}, 'version': w.version}}, []) or 0")
        assert kernel.value(f"[w.move(*m) for m in {played[1:]!r}] and w.moves") == len(moves)
        table_button(page, "Review").click()
        live = page.locator(".ww-root .ww-live")
        expect(live).to_contain_text(f"lost at move {k + 1}", timeout=60_000)
        expect(live).to_contain_text(f"back before move {k + 1}")
        # The table shows the position before the losing move, with an arrow on the move that keeps a win.
        assert kernel.value("w.moves") == k
        arrow = page.locator(".ww-root [data-hint-arrow] path.ww-arrow-line")
        expect(arrow).to_be_visible()
        box = arrow.bounding_box()
        assert box is not None and box["width"] + box["height"] > 20
        # and a dashed arrow runs from the pile the losing move took cards from to the pile it put them on
        source, target = played[k][0], played[k][1]
        dashed = page.locator(".ww-root [data-played-arrow]")
        expect(dashed).to_be_visible()
        spans = dashed.bounding_box()
        for pile in (source, target):  # it reaches into the middle half of each of the two piles
            b = page.locator(f'.ww-root [data-pile="{pile}"]').bounding_box()
            left, right = b["x"] + 0.25 * b["width"], b["x"] + 0.75 * b["width"]
            assert spans["x"] <= right and spans["x"] + spans["width"] >= left
        assert dashed.get_attribute("d") != arrow.get_attribute("d")
        expect(page.locator(".ww-root .ww-hint-text")).to_contain_text(f"Instead of move {k + 1} (")
        assert kernel.value("w.stats['played']") == 1
        kernel.close()

        restart_kernel(lab)
        page.locator(".jp-Notebook .jp-Cell .jp-InputArea-editor").first.click()  # not the table: it takes keys
        page.keyboard.press("Shift+Enter")  # the same cell, in the new kernel
        deadline = time.time() + 60
        while time.time() < deadline and page.locator(".ww-root").count() != 1:
            time.sleep(0.2)
        fresh = lab.kernel("play.ipynb")
        try:
            deadline = time.time() + 30
            while time.time() < deadline:
                try:
                    if fresh.value("w.stats['played']") == 1:
                        break
                except RuntimeError:  # the cell has not run yet
                    time.sleep(0.3)
            assert fresh.value("w.stats") == {**fresh.value("w.stats"), "played": 1, "won": 0}
        finally:
            fresh.close()
        table_button(page, "Statistics").click()
        stats = page.locator(".ww-root [data-stats]")
        expect(stats).to_be_visible()
        expect(stats).to_contain_text(re.compile(r"Played\s*1"))
