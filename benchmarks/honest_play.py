"""Win rates: thoughtful solver vs a heuristic player vs the no-peek player, on the same deals.

Run: ``python benchmarks/honest_play.py [--deals 200] [--workers 1] [--json out.json]``. The thoughtful figure
is the share of deals the solver proves won (a lower bound on the thoughtful-winnable share); the players'
figures are games they actually won without seeing hidden cards. Each with a 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import json

from wispwidget.studies.stats import wilson_interval
from wispwidget.studies.study import StudyJob, progress_bar, study

GAMES = [("will-o-the-wisp", "standard", 250_000), ("will-o-the-wisp", "relaxed", 250_000),
         ("black-widow", "standard", 1_000_000)]
PLAYERS = ["thoughtful", "heuristic", "no-peek"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--players", default=",".join(PLAYERS))
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    report = []
    for game, variant, budget in GAMES:
        for player in args.players.split(","):
            jobs = [StudyJob(game, variant, seed, budget, None, player) for seed in range(1, args.deals + 1)]
            print(f"{game}/{variant} - {player}")
            summary = study(jobs, workers=args.workers, progress=progress_bar())
            low, high = wilson_interval(summary["won"], summary["deals"])
            line = {"game": game, "variant": variant, "player": player, "deals": summary["deals"],
                    "won": summary["won"], "won_share": summary["won_share"], "low": low, "high": high}
            report.append(line)
            print(f"  won {summary['won']}/{summary['deals']} = {100 * summary['won_share']:.1f}% "
                  f"(95% {100 * low:.1f}-{100 * high:.1f}%)")
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(report, handle, indent=2)


if __name__ == "__main__":
    main()
