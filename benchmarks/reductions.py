"""What each sound reduction buys the C core: the same deals solved with it and without it, side by side.

Run: ``python benchmarks/reductions.py [--game waxing-moon] [--deals 1-40] [--max-positions 1000000]
[--workers 2] [--out FILE]``.

For every deal it solves four times, at one budget: the shipped core, and the core with a reduction switched
off (``native.encode_spec``'s switches: ``draw_then_play``, ``worry_back_then_use``, both; docs/solver.md). It
prints, per configuration, how many deals were won, lost and left unknown, the positions the lost proofs took
(their median and total, over the deals every configuration proved lost), and every deal where two disagree on won
against lost (a soundness failure: there must be none). ``--out`` writes every deal's figures as JSON.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wispwidget import deal
from wispwidget.search import native
from wispwidget.studies.study import parse_range

CONFIGS = {"shipped": {}, "no draw-then-play": {"draw_then_play": False},
           "no worry-back-then-use": {"worry_back_then_use": False},
           "neither": {"draw_then_play": False, "worry_back_then_use": False}}


def solve_one(job: tuple[str, int, int, str]) -> dict:
    game, seed, budget, config = job
    started = time.perf_counter()
    result = native.core_solve(native.load(), deal(game, seed).position(), budget, **CONFIGS[config])
    return {"seed": seed, "config": config, "result": result.result, "positions": result.stats["positions"],
            "seconds": round(time.perf_counter() - started, 3)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="waxing-moon")
    parser.add_argument("--deals", default="1-40")
    parser.add_argument("--max-positions", type=int, default=1_000_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", default=None)
    args = parser.parse_args()
    jobs = [(args.game, seed, args.max_positions, config) for seed in parse_range(args.deals) for config in CONFIGS]
    with ProcessPoolExecutor(args.workers) as pool:
        rows = list(pool.map(solve_one, jobs))
    by = {(row["seed"], row["config"]): row for row in rows}
    seeds = sorted({row["seed"] for row in rows})
    print(f"{args.game} deals {args.deals} at {args.max_positions:,} positions")
    for config in CONFIGS:
        mine = [by[seed, config] for seed in seeds]
        counts = {name: sum(row["result"] == name for row in mine) for name in ("won", "lost", "unknown")}
        both_lost = [by[seed, config]["positions"] for seed in seeds
                     if all(by[seed, c]["result"] == "lost" for c in CONFIGS)]
        seconds = sum(row["seconds"] for row in mine)
        print(f"  {config:20} won {counts['won']:3}  lost {counts['lost']:3}  unknown {counts['unknown']:3}  "
              f"settled {100 * (counts['won'] + counts['lost']) / len(seeds):5.1f}%  "
              f"lost proofs both made: median {statistics.median(both_lost) if both_lost else 0:,.0f}, "
              f"total {sum(both_lost):,} positions  ({seconds:.0f} s)")
    flips = [seed for seed in seeds if {by[seed, c]["result"] for c in CONFIGS} >= {"won", "lost"}]
    print(f"  won against lost: {flips or 'none'}")
    if args.out:
        Path(args.out).write_text(json.dumps(rows, indent=1) + "\n")
    if flips:
        sys.exit(1)


if __name__ == "__main__":
    main()
