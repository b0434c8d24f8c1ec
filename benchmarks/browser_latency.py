"""Click-to-updated-table latency of the widget in a real JupyterLab (Debian's Chromium).

Run: ``python benchmarks/browser_latency.py [--clicks 50] [--screenshot docs/images/table.png]``.
A Black Widow deal (104 cards); each click alternates between the stock (a deal)
and Undo, and is timed from the click to the redraw of the tableau.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.e2e.lab import lab_page

CELL = """import wispwidget
w = wispwidget.play("black-widow", seed=1, auto_verdict=False)
w"""

TIMED_CLICK = """async (selector) => {
  const root = document.querySelector(".ww-root");
  const tableau = root.querySelector(".ww-tableau");
  return await new Promise((resolve) => {
    let started = 0;
    const observer = new MutationObserver(() => { observer.disconnect(); resolve(performance.now() - started); });
    observer.observe(tableau, { childList: true });
    started = performance.now();
    root.querySelector(selector).click();
  });
}"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--clicks", type=int, default=50)
    parser.add_argument("--screenshot", default=None)
    args = parser.parse_args()
    with lab_page([CELL], name="latency.ipynb") as (page, _kernel, _lab):
        times = []
        for i in range(args.clicks + 2):
            selector = '[data-pile="stock"]' if i % 2 == 0 else 'button[aria-label="Undo"]'
            elapsed = page.evaluate(TIMED_CLICK, selector)
            if i >= 2:  # the first two warm up
                times.append(elapsed)
        if args.screenshot:
            Path(args.screenshot).parent.mkdir(parents=True, exist_ok=True)
            page.locator(".ww-root").first.screenshot(path=args.screenshot)
    print(f"click to updated table, Black Widow, {len(times)} clicks: median {statistics.median(times):.1f} ms, "
          f"p90 {sorted(times)[int(0.9 * len(times)) - 1]:.1f} ms, max {max(times):.1f} ms")


if __name__ == "__main__":
    main()
