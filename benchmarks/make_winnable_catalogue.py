"""Build ``wispwidget/data/winnable.json``: every deal number of a range the solver proves winnable.

Run: ``python benchmarks/make_winnable_catalogue.py --deals 1-300 --max-positions 1000000 --workers 2``;
``--games waxing-moon/standard,...`` rebuilds only those games and keeps the others' entries (same range and
budget). The tests re-prove a sample of the entries, so a wrong entry fails CI.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from wispwidget.studies.study import StudyJob, parse_range, progress_bar, run_local

GAMES = [("will-o-the-wisp", "standard"), ("will-o-the-wisp", "relaxed"), ("black-widow", "standard"),
         ("waxing-moon", "standard"), ("waning-moon", "standard"), ("spider", "standard"), ("spider", "two-suits"),
         ("spider", "one-suit"), ("spiderette", "standard"),
         ("mini-wisp", "standard"), ("mini-wisp", "relaxed"), ("mini-widow", "standard"), ("mini-moon", "standard")]
TARGET = Path(__file__).resolve().parent.parent / "wispwidget" / "data" / "winnable.json"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", default="1-200")
    parser.add_argument("--max-positions", type=int, default=1_000_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--games", default=None, help="comma-separated game/variant to rebuild (others are kept)")
    args = parser.parse_args()
    deals = parse_range(args.deals)
    games, chosen = {}, GAMES
    if args.games:
        earlier = json.loads(TARGET.read_text())
        if earlier["range"] != [deals.start, deals.stop - 1] or earlier["max_positions"] != args.max_positions:
            parser.error("--games keeps the other entries, so --deals and --max-positions must match the catalogue's")
        games = earlier["games"]
        chosen = [(game, variant) for game, variant in GAMES if f"{game}/{variant}" in args.games.split(",")]
    for game, variant in chosen:
        print(f"{game}/{variant}")
        jobs = [StudyJob(game, variant, seed, args.max_positions) for seed in deals]
        records, bar = [], progress_bar()
        for done, record in enumerate(run_local(jobs, args.workers), 1):
            records.append(record)
            bar(done, len(jobs))
        games[f"{game}/{variant}"] = sorted(r["seed"] for r in records if r["result"] == "won")
    TARGET.parent.mkdir(exist_ok=True)
    TARGET.write_text(json.dumps({"range": [deals.start, deals.stop - 1], "max_positions": args.max_positions,
                                  "games": games}, indent=1) + "\n")
    print(f"wrote {TARGET}")


if __name__ == "__main__":
    main()
