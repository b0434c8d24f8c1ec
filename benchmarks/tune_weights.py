"""Coordinate search over the solver's heuristic weights, as they were tuned (docs/solver.md).

Run: ``python benchmarks/tune_weights.py will-o-the-wisp --variant standard --deals 101-250
--max-positions 250000 --start 18,4,12,14,60,1,0,0,2,2,2 --indexes 0,1,2,3,8,9,10``.
Each weight in turn is scaled by 0.5, 0.75, 1.33 and 2; a change is kept when it settles more deals
(fewer positions at the median breaks ties). Tune on deals outside the range you report.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
from concurrent.futures import ProcessPoolExecutor

from wispwidget.engine.dealing import deal_position
from wispwidget.games.catalogue import get_game
from wispwidget.search import native
from wispwidget.search.solver import solve
from wispwidget.studies.study import parse_range


def _settle(job: tuple[str, str | None, int, int, tuple[int, ...]]) -> tuple[bool, int]:
    game, variant, seed, budget, weights = job
    position = deal_position(get_game(game, variant), seed)
    strategy = dataclasses.replace(native.default_strategy(position), weights=weights)
    result = solve(position, max_positions=budget, strategy=strategy)
    return result.result != "unknown", result.positions


def score(pool, game, variant, deals, budget, weights) -> tuple[int, float]:
    """Deals settled, and minus the median positions (higher is better on both)."""
    results = list(pool.map(_settle, [(game, variant, seed, budget, tuple(weights)) for seed in deals]))
    return sum(settled for settled, _ in results), -statistics.median(positions for _, positions in results)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game")
    parser.add_argument("--variant", default=None)
    parser.add_argument("--deals", default="101-250")
    parser.add_argument("--max-positions", type=int, default=250_000)
    parser.add_argument("--start", required=True, help="comma-separated weights to start from")
    parser.add_argument("--indexes", default=None, help="which weights to vary (default: all)")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    weights = [int(w) for w in args.start.split(",")]
    indexes = [int(i) for i in args.indexes.split(",")] if args.indexes else range(len(weights))
    deals = parse_range(args.deals)
    with ProcessPoolExecutor(args.workers) as pool:
        best = score(pool, args.game, args.variant, deals, args.max_positions, weights)
        print("start", weights, best, flush=True)
        for _ in range(args.rounds):
            for i in indexes:
                for factor in (0.5, 0.75, 1.33, 2.0):
                    candidate = list(weights)
                    candidate[i] = round(weights[i] * factor) if weights[i] else (2 if factor > 1 else 0)
                    if candidate[i] == weights[i]:
                        continue
                    found = score(pool, args.game, args.variant, deals, args.max_positions, candidate)
                    if found > best:
                        best, weights = found, candidate
                        print("better", weights, best, flush=True)
    print("final", ",".join(map(str, weights)), best)


if __name__ == "__main__":
    main()
