"""Screenshots of the search-trace view for docs/teaching.md: docs/images/trace-*.png.

Each page is the widget's own bundle with a page-only model (as the static export), opened in Debian's
Chromium by Playwright. Run: PYTHONPATH=. python scripts/trace_screenshots.py
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import wispwidget as ww  # noqa: E402
from wispwidget.widgets.export import widget_html  # noqa: E402
from wispwidget.widgets.trace_view import CHOICES, SearchTraceWidget  # noqa: E402

OUT = ROOT / "docs" / "images"


def page_for(widget: SearchTraceWidget, step: int, presentation: bool = False) -> str:
    traits = {"traces": widget.traces, "lockstep": widget.lockstep, "step": step, "speed": 4,
              "presentation": presentation, "choices": CHOICES, "busy": False, "error": "", "view_only": False}
    return widget_html("trace.js", traits, title="trace")


def main() -> None:
    from playwright.sync_api import sync_playwright

    start = ww.deal("micro-wisp", 1).position()
    bfs = SearchTraceWidget(ww.trace(start, "bfs"))
    astar = SearchTraceWidget(ww.trace(start, "astar", "cards-left"))
    big = SearchTraceWidget(ww.trace(ww.deal("mini-wisp", 3).position(), "bfs", max_expansions=1500))
    pair = SearchTraceWidget([ww.trace(start, "bfs"), ww.trace(start, "dfs")], lockstep="expansions")
    shots = [
        ("trace-step0", bfs, 0, False, (1280, 900)),
        ("trace-mid", bfs, bfs.total // 3, False, (1280, 900)),
        ("trace-goal", bfs, bfs.total, False, (1280, 900)),
        ("trace-presentation", astar, astar.total // 2, True, (1600, 1000)),
        ("trace-lockstep", pair, 20, False, (1400, 900)),
        ("trace-summary", big, big.total * 2 // 3, False, (1280, 900)),
    ]
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, headless=True,
                                             args=["--no-sandbox", "--disable-gpu"])
        for name, widget, step, presentation, (width, height) in shots:
            html = Path(tmp) / f"{name}.html"
            html.write_text(page_for(widget, step, presentation), encoding="utf-8")
            page = browser.new_page(viewport={"width": width, "height": height})
            page.goto(html.as_uri())
            page.locator(".ww-trace-panel").first.wait_for()
            if name != "trace-step0":
                page.get_by_role("button", name="Fit", exact=True).click()
            page.wait_for_timeout(300)
            page.screenshot(path=str(OUT / f"{name}.png"), full_page=True)
            page.close()
            print("wrote", OUT / f"{name}.png")
        browser.close()


if __name__ == "__main__":
    main()
