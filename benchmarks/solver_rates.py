"""The solver's figures for issue 3: settled shares, speed, memory, hint time.

Run: ``python benchmarks/solver_rates.py [--quick] [--workers 1] [--json results.json]``; ``--memory`` gives only
the memory figures: bytes per position of a 10,000,000-position solve, and a 50,000,000-position solve that
completes or is refused up front (``BudgetTooLarge``) when it could need more memory than is available.
Every figure comes from deals numbered from 1, as the issue's table asks;
``--quick`` uses a tenth of the deals for a fast look. ``--games waxing-moon/standard`` reruns only those
rows of the table (and, with ``--json``, replaces just those rows of an earlier report).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from wispwidget import deal
from wispwidget.search.hints import Hinter
from wispwidget.search.solver import solve
from wispwidget.studies.study import StudyJob, format_summary, progress_bar, study

TABLE = [  # game, variant, deals, budget, what the issue asks
    ("will-o-the-wisp", "standard", 1000, 250_000, ">= 97% settled, median <= 0.25 s"),
    ("will-o-the-wisp", "relaxed", 1000, 250_000, ">= 99.5% settled"),
    ("black-widow", "standard", 200, 1_000_000, ">= 90% proved won"),
    ("waxing-moon", "standard", 200, 1_000_000, ">= 25% settled"),
]


def hint_times(game_id: str = "will-o-the-wisp", samples: int = 20) -> list[float]:
    """Seconds for a hint from live mid-game positions: deals 1-20, each after a first deal or draw and up to
    ten random moves (not from the stock)."""
    times = []
    rng = random.Random(0)
    for seed in range(1, samples + 1):
        game = deal(game_id, seed)
        game.push(game.click_destination("stock"))
        for _ in range(10):
            moves = [m for m in game.legal_moves() if m.source != "stock"]
            if not moves:
                break
            game.push(rng.choice(moves))
        started = time.perf_counter()
        Hinter(max_positions=250_000).hint(game)
        times.append(time.perf_counter() - started)
    return times


HINT_GAMES = (  # game, name, the report's key (the Wisp key as earlier reports have it)
    ("will-o-the-wisp", "Wisp", "hint_median_seconds"),
    ("waxing-moon", "Waxing Moon", "hint_median_seconds_waxing-moon"),
)


def report_hints(report: dict) -> None:
    """Median hint time for each game of HINT_GAMES, printed and stored in the report."""
    for game_id, name, key in HINT_GAMES:
        times = hint_times(game_id)
        report[key] = statistics.median(times)
        print(f"hint from a mid-game {name} position: median {statistics.median(times):.3f} s over {len(times)}")


def _million(_: int) -> dict:
    """In a fresh process: one solve that uses its whole 1,000,000-position budget, and the process's peak RSS."""
    import resource

    for seed in range(1, 200):  # the first Black Widow deal the solver does not settle sooner
        result = solve(deal("black-widow", seed).position(), max_positions=1_000_000)
        if result.positions >= 1_000_000:
            break
    return {"deal": f"black-widow {seed}", "positions": result.positions, "table_bytes": result.table_bytes,
            "bytes_per_position": round(result.bytes_per_position, 1), "seconds": round(result.seconds, 2),
            "positions_per_second": round(result.positions / result.seconds),
            "process_peak_mib": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)}


def _big(budget: int) -> dict:
    """In a fresh process: one Black Widow solve (deal 26, not settled within 1,000,000 positions) at this
    budget; its figures, or the refusal when the budget could need more memory than is available."""
    import resource

    from wispwidget.search.solver import BudgetTooLarge

    try:
        result = solve(deal("black-widow", 26).position(), max_positions=budget)
    except BudgetTooLarge as exc:
        return {"deal": "black-widow 26", "budget": budget, "refused": str(exc)}
    return {"deal": "black-widow 26", "budget": budget, "result": result.result, "positions": result.positions,
            "table_bytes": result.table_bytes, "bytes_per_position": round(result.bytes_per_position, 1),
            "seconds": round(result.seconds, 2), "positions_per_second": round(result.positions / result.seconds),
            "process_peak_mib": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)}


def memory_at(budget: int) -> dict:
    """``_big`` in a fresh process, so that its peak RSS is its own."""
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(1) as pool:
        return pool.submit(_big, budget).result()


def memory_of_a_million() -> dict:
    """Peak search memory, bytes per position and process peak RSS of one 1,000,000-position solve."""
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(1) as pool:
        return pool.submit(_million, 0).result()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", default=None)
    parser.add_argument("--only-hints", action="store_true", help="only the hint time and the 1M-position solve")
    parser.add_argument("--games", default=None, help="comma-separated game/variant rows to rerun (others kept)")
    parser.add_argument("--memory", action="store_true",
                        help="only the memory figures: 10,000,000- and 50,000,000-position solves")
    args = parser.parse_args()
    if args.memory:
        for budget in (10_000_000, 50_000_000):
            print(f"one {budget:,}-position solve: {memory_at(budget)}", flush=True)
        return
    report = {"games": []}
    rows = [] if args.only_hints else TABLE
    if args.games:
        chosen = set(args.games.split(","))
        unknown = chosen - {f"{game}/{variant}" for game, variant, *_ in TABLE}
        if unknown:
            parser.error(f"not a row of the table: {', '.join(sorted(unknown))}")
        rows = [row for row in TABLE if f"{row[0]}/{row[1]}" in chosen]
    for game, variant, deals, budget, target in rows:
        n = max(10, deals // 10) if args.quick else deals
        print(f"\n{game}/{variant}: deals 1-{n}, {budget:,} positions each (issue: {target})")
        jobs = [StudyJob(game, variant, seed, budget) for seed in range(1, n + 1)]
        summary = study(jobs, workers=args.workers, progress=progress_bar())
        print(format_summary(summary))
        report["games"].append({"game": game, "variant": variant, "deals": n, "budget": budget, **summary})
    if args.games:
        if args.json:
            with open(args.json) as handle:
                earlier = json.load(handle)
            fresh = {(row["game"], row["variant"]): row for row in report["games"]}
            earlier["games"] = [fresh.get((row["game"], row["variant"]), row) for row in earlier["games"]]
            with open(args.json, "w") as handle:
                json.dump(earlier, handle, indent=2)
        return
    if args.only_hints:
        report_hints(report)
        print(f"one 1,000,000-position solve: {memory_of_a_million()}")
        return
    print()
    report_hints(report)
    report["million"] = memory_of_a_million()
    print(f"one 1,000,000-position solve: {report['million']}")
    for budget in (10_000_000, 50_000_000):
        report[f"memory_{budget}"] = memory_at(budget)
        print(f"one {budget:,}-position solve: {report[f'memory_{budget}']}")
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(report, handle, indent=2)


if __name__ == "__main__":
    main()
