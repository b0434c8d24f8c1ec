"""How long the solver's winning lines are, as found and as a player is shown them (``search/lines.py``).

Run: ``python benchmarks/line_lengths.py [--games wisp,widow,spider1] [--deals 1-50] [--json out.json]``.

Each deal is solved seeing every card (``solve``, 250,000 positions, the budget of a hint); each won line is then
made shorter by ``shorter_line`` (detours cut, each stretch between two reveals the shortest way the C core finds),
as Hint, Solve and Review show it. The report gives, for each game, the lines' lengths before and after (median,
mean, longest) and the seconds the shortening took (median, longest). docs/widget.md quotes it.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path
from typing import Any

from wispwidget.engine.dealing import deal_position
from wispwidget.games.catalogue import get_game
from wispwidget.search.lines import shorter_line
from wispwidget.search.solver import solve
from wispwidget.studies.study import parse_range

GAMES = {"wisp": ("will-o-the-wisp", "standard"), "relaxed": ("will-o-the-wisp", "relaxed"),
         "widow": ("black-widow", "standard"), "spider1": ("spider", "one-suit")}
POSITIONS = 250_000


def measure(name: str, seeds: list[int]) -> dict[str, Any]:
    """Lines of one game's deals, before and after, and the seconds the shortening took."""
    spec = get_game(*GAMES[name])
    before, after, seconds = [], [], []
    for seed in seeds:
        position = deal_position(spec, seed)
        result = solve(position, POSITIONS)
        if result.result != "won":
            continue
        started = time.perf_counter()
        short = shorter_line(position, result.moves)
        seconds.append(time.perf_counter() - started)
        before.append(len(result.moves))
        after.append(len(short))

    def figures(values: list[float]) -> dict[str, float]:
        return {"median": statistics.median(values), "mean": round(statistics.fmean(values), 1),
                "longest": max(values)} if values else {}

    return {"game": name, "deals": len(seeds), "won": len(before), "moves_found": figures(before),
            "moves_shown": figures(after),
            "seconds": {"median": round(statistics.median(seconds), 3), "longest": round(max(seconds), 3)}
            if seconds else {}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="wisp,widow,spider1")
    parser.add_argument("--deals", default="1-50")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    seeds = list(parse_range(args.deals))
    rows = []
    for name in args.games.split(","):
        row = measure(name, seeds)
        rows.append(row)
        found, shown = row["moves_found"], row["moves_shown"]
        print(f"{name}: {row['won']} of {row['deals']} deals won; moves found median {found.get('median')}, "
              f"mean {found.get('mean')}, longest {found.get('longest')}; shown median {shown.get('median')}, "
              f"mean {shown.get('mean')}, longest {shown.get('longest')}; shortening "
              f"{row['seconds'].get('median')} s median, {row['seconds'].get('longest')} s at most", flush=True)
    if args.json:
        args.json.write_text(json.dumps({"positions": POSITIONS, "deals": args.deals, "games": rows}, indent=1) + "\n")


if __name__ == "__main__":
    main()
