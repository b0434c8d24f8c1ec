"""The winnable share of each seed game, with 95% Wilson intervals that count the unknown deals both ways.

Run: ``python benchmarks/winnability.py`` prints the table of docs/winnability.md from the verdicts recorded
in ``benchmarks/expected/verdicts.json`` (made by ``benchmarks/verdicts.py``, which reproduces each row);
``python benchmarks/winnability.py --plot docs/images/winnability.png [--deals 30] [--budgets ...]`` solves the
first deals of each game at each budget and draws the settled share against the budget.

The share of winnable deals lies between "won" (every unknown deal lost) and "won + unknown" (every unknown deal
won); the interval runs from the first's Wilson lower end to the second's upper end (``stats.winnable_bounds``,
as a study's summary gives it).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wispwidget.studies.stats import winnable_bounds

EXPECTED = Path(__file__).resolve().parent / "expected" / "verdicts.json"
NAMES = {"standard": "Will o' the Wisp, Standard", "relaxed": "Will o' the Wisp, Relaxed",
         "black-widow": "Black Widow", "waxing-moon": "Waxing Moon"}
GAMES = {"standard": ("will-o-the-wisp", "standard"), "relaxed": ("will-o-the-wisp", "relaxed"),
         "black-widow": ("black-widow", "standard"), "waxing-moon": ("waxing-moon", "standard")}


def table(rows: dict) -> str:
    """The Markdown table of docs/winnability.md for the recorded rows."""
    lines = ["| game | deals | budget (positions) | won | proved lost | unknown | winnable share (95%) | reproduce |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for key, name in NAMES.items():
        row = rows[key]
        n, counts = row["deals"], row["counts"]
        won, unknown = counts["won"], counts["unknown"]
        low, high = winnable_bounds(won, counts["lost"], unknown)
        lines.append(f"| {name} | 1-{n:,} | {row['budget']:,} | {won} | {counts['lost']} | {unknown} | "
                     f"{100 * low:.1f}%-{100 * high:.1f}% | `python benchmarks/verdicts.py --rows {key}` |")
    return "\n".join(lines)


def plot(path: str, deals: int, budgets: list[int]) -> None:
    """Solve deals 1..``deals`` of each game at each budget; draw the settled share against the budget."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from wispwidget import deal, solve

    figure, axes = plt.subplots(figsize=(6.4, 3.6), dpi=120)
    for key, (game, variant) in GAMES.items():
        shares = []
        for budget in budgets:
            settled = sum(solve(deal(game, seed, variant=variant).position(), budget).result != "unknown"
                          for seed in range(1, deals + 1))
            shares.append(100 * settled / deals)
            print(f"{key} at {budget:,}: {settled} of {deals} settled", flush=True)
        axes.plot(budgets, shares, marker="o", label=NAMES[key])
    axes.set_xscale("log")
    axes.set_xlabel("budget (positions a deal)")
    axes.set_ylabel(f"settled share of deals 1-{deals} (%)")
    axes.set_ylim(0, 102)
    axes.grid(True, alpha=0.3)
    axes.legend(fontsize=8, loc="center right")
    figure.tight_layout()
    figure.savefig(path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plot", default=None, help="draw the settled share against the budget to this PNG")
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--budgets", default="10000,100000,1000000")
    args = parser.parse_args()
    if args.plot:
        plot(args.plot, args.deals, [int(b) for b in args.budgets.split(",")])
    else:
        print(table(json.loads(EXPECTED.read_text())))


if __name__ == "__main__":
    main()
