"""The solver's verdict on every deal of the figures table, compared with ``benchmarks/expected/verdicts.json``.

Run: ``python benchmarks/verdicts.py [--rows standard,relaxed] [--deals 100] [--save]``.

Each row solves deals numbered from 1 at the table's budget (Will o' the Wisp Standard and Relaxed, 1-1000 at
250,000 positions; Black Widow and Waxing Moon, 1-200 at 1,000,000) in this process, one after another, and
records each deal's verdict and positions, and the row's positions per second (of wall time, and of this
process's CPU time, which a busy machine disturbs less). Without ``--save`` it compares
the verdicts (and position counts: the search is deterministic) with the expected file and exits 1 on any
difference; ``--save`` writes the expected file instead. The pinned tuning results (deals a setting settles that
the search without it does not) live in ``benchmarks/expected/tuning.json`` and are checked with ``--tuning``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from wispwidget import deal
from wispwidget.search.solver import solve

EXPECTED = Path(__file__).resolve().parent / "expected"
ROWS = {  # key: game, variant, deals, budget
    "standard": ("will-o-the-wisp", "standard", 1000, 250_000),
    "relaxed": ("will-o-the-wisp", "relaxed", 1000, 250_000),
    "black-widow": ("black-widow", "standard", 200, 1_000_000),
    "waxing-moon": ("waxing-moon", "standard", 200, 1_000_000),
}


def run_row(key: str, deals: int | None = None, first: int = 1) -> dict:
    """Every deal of one row (from deal ``first``): verdicts, positions, and the row's positions per second."""
    game, variant, n, budget = ROWS[key]
    n = min(n, deals or n)
    verdicts, positions, seconds, cpu = {}, {}, 0.0, 0.0
    engine = set()
    for seed in range(first, n + 1):
        position = deal(game, seed, variant=variant).position()
        started, cpu_started = time.perf_counter(), time.process_time()
        result = solve(position, budget)
        seconds += time.perf_counter() - started
        cpu += time.process_time() - cpu_started
        verdicts[str(seed)], positions[str(seed)] = result.result, result.positions
        engine.add(result.engine)
    total = sum(positions.values())
    return {"game": game, "variant": variant, "deals": n, "budget": budget, "engine": sorted(engine),
            "seconds": round(seconds, 2), "positions": total, "positions_per_second": round(total / seconds),
            "cpu_seconds": round(cpu, 2), "positions_per_cpu_second": round(total / cpu) if cpu else 0,
            "counts": {v: list(verdicts.values()).count(v) for v in ("won", "lost", "unknown")},
            "verdicts": verdicts, "deal_positions": positions}


def compare(key: str, row: dict, expected: dict) -> list[str]:
    """The deals whose verdict or position count differs from the expected row."""
    diffs = []
    for seed, verdict in row["verdicts"].items():
        want = expected["verdicts"].get(seed)
        if want != verdict:
            diffs.append(f"{key} deal {seed}: {verdict}, expected {want}")
        elif expected["deal_positions"].get(seed) != row["deal_positions"][seed]:
            diffs.append(f"{key} deal {seed}: {verdict} in {row['deal_positions'][seed]:,} positions, expected "
                         f"{expected['deal_positions'].get(seed):,} (same verdict)")
    return diffs


def check_tuning() -> list[str]:
    """Each pinned tuning result of ``expected/tuning.json``: a deal, strategy changes, the verdict and a bound."""
    from dataclasses import replace

    from wispwidget.search import native

    failures = []
    for case in json.loads((EXPECTED / "tuning.json").read_text())["cases"]:
        position = deal(case["game"], case["seed"], variant=case.get("variant", "standard")).position()
        changes = {k: tuple(v) if isinstance(v, list) else v for k, v in case.get("strategy", {}).items()}
        strategy = replace(native.default_strategy(position), **changes)
        result = solve(position, case["budget"], strategy=strategy)
        ok = result.result == case["result"] and result.positions <= case.get("at_most", case["budget"])
        print(f"{'ok  ' if ok else 'FAIL'} {case['name']}: {result.result} in {result.positions:,} positions")
        if not ok:
            failures.append(case["name"])
    return failures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", default=",".join(ROWS))
    parser.add_argument("--deals", type=int, default=None, help="only the deals up to N of each row")
    parser.add_argument("--first", type=int, default=1, help="the first deal of each row (to run a row in shards)")
    parser.add_argument("--save", action="store_true", help="write benchmarks/expected/verdicts.json")
    parser.add_argument("--out", default=None, help="also write this run's rows to this JSON file")
    parser.add_argument("--tuning", action="store_true", help="check the pinned tuning results instead")
    args = parser.parse_args()
    if args.tuning:
        sys.exit(1 if check_tuning() else 0)
    path = EXPECTED / "verdicts.json"
    expected = json.loads(path.read_text()) if path.exists() and not args.save else {}
    report, diffs = {}, []
    for key in args.rows.split(","):
        if key not in ROWS:
            parser.error(f"unknown row {key!r} (one of {', '.join(ROWS)})")
        row = run_row(key, args.deals, args.first)
        report[key] = row
        print(f"{key}: {row['counts']} in {row['seconds']} s, {row['positions_per_second']:,} positions/s "
              f"({row['engine']})", flush=True)
        if key in expected:
            diffs += compare(key, row, expected[key])
    if args.out:
        Path(args.out).write_text(json.dumps(report, indent=1))
    if args.save:
        EXPECTED.mkdir(exist_ok=True)
        path.write_text(json.dumps(report, indent=1) + "\n")
        print(f"saved {path}")
        return
    for line in diffs:
        print(line)
    if expected:
        print("verdicts: " + ("all match" if not diffs else f"{len(diffs)} differences"))
    sys.exit(1 if diffs else 0)


if __name__ == "__main__":
    main()
