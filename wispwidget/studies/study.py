"""Studies: solve many deals, one JSON line each, and summarise them.

Local worker processes by default; a Dask distributed cluster when asked.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any, TextIO

from ..engine.dealing import deal_position
from ..games.catalogue import get_game
from ..search.players import PLAYERS, play_game
from ..search.solver import solve
from .stats import percentile, winnable_bounds


@dataclass(frozen=True)
class StudyJob:
    """One deal to solve."""

    game: str
    variant: str
    seed: int
    max_positions: int
    time_limit: float | None = None
    player: str = "thoughtful"  # or "heuristic" / "no-peek": a player that cannot see hidden cards


def run_job(job: StudyJob) -> dict[str, Any]:
    """Solve one deal; the JSON-ready record of the result (runs in a worker)."""
    import resource

    position = deal_position(get_game(job.game, job.variant), job.seed)
    if job.player != "thoughtful":
        return _play_job(job, position)
    result = solve(position, job.max_positions, job.time_limit)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    return {"game": job.game, "variant": job.variant, "seed": job.seed, "result": result.result,
            "positions": result.positions, "seconds": round(result.seconds, 4), "moves": len(result.moves),
            "table_bytes": result.table_bytes, "peak_rss_bytes": peak}


def _play_job(job: StudyJob, position) -> dict[str, Any]:
    """A game played by an honest player: ``won`` or ``lost`` (the player lost; nothing is proved)."""
    import time as _time

    started = _time.perf_counter()
    player = PLAYERS[job.player]()
    if job.player == "no-peek":
        player.max_positions = min(job.max_positions, player.max_positions)
    game = play_game(position, player, seed=job.seed)
    return {"game": job.game, "variant": job.variant, "seed": job.seed, "player": job.player,
            "result": "won" if game.won else "lost", "positions": 0, "moves": len(game.moves),
            "seconds": round(_time.perf_counter() - started, 4), "reason": game.reason}


def parse_range(text: str) -> range:
    """``"1-1000"`` (inclusive) or ``"7"`` as a range of deal numbers."""
    first, _, last = text.partition("-")
    try:
        low, high = int(first), int(last or first)
    except ValueError:
        raise ValueError(f"--deals expects A-B (e.g. 1-1000), not {text!r}") from None
    if low < 0 or high < low:
        raise ValueError(f"--deals expects 0 <= A <= B, not {text!r}")
    return range(low, high + 1)


def run_local(jobs: list[StudyJob], workers: int) -> Iterator[dict[str, Any]]:
    """Results as they finish, from local worker processes (in this process when workers == 1)."""
    if workers <= 1:
        for job in jobs:
            yield run_job(job)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(run_job, job) for job in jobs]
        for future in as_completed(futures):
            yield future.result()


def run_dask(jobs: list[StudyJob], scheduler: str | Any) -> Iterator[dict[str, Any]]:
    """Results as they finish, from a Dask distributed cluster (an address or a Client)."""
    from distributed import Client
    from distributed import as_completed as dask_completed

    client = scheduler if isinstance(scheduler, Client) else Client(scheduler)
    try:
        futures = client.map(run_job, jobs, pure=False)
        for future in dask_completed(futures):
            yield future.result()
    finally:
        if client is not scheduler:
            client.close()


def summarise(records: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """Counts, the winnable share with its 95% bounds, and median/p90 positions and seconds."""
    records = list(records)
    counts = {name: sum(r["result"] == name for r in records) for name in ("won", "lost", "unknown")}
    n = len(records)
    low, high = winnable_bounds(counts["won"], counts["lost"], counts["unknown"])
    positions = [r["positions"] for r in records]
    seconds = [r["seconds"] for r in records]
    return {
        "deals": n, **counts,
        "settled_share": (counts["won"] + counts["lost"]) / n if n else 0.0,
        "won_share": counts["won"] / n if n else 0.0,
        "winnable_low": low, "winnable_high": high,
        "median_positions": percentile(positions, 0.5), "p90_positions": percentile(positions, 0.9),
        "median_seconds": percentile(seconds, 0.5), "p90_seconds": percentile(seconds, 0.9),
        "positions_per_second": sum(positions) / sum(seconds) if sum(seconds) else 0.0,
        "peak_rss_bytes": max((r.get("peak_rss_bytes", 0) for r in records), default=0),
    }


def format_summary(summary: dict[str, Any]) -> str:
    """The summary as a few lines for a person."""
    s = summary
    return (
        f"deals {s['deals']}: won {s['won']}, lost {s['lost']}, unknown {s['unknown']} "
        f"(settled {100 * s['settled_share']:.1f}%)\n"
        f"winnable share: 95% interval {100 * s['winnable_low']:.1f}% - {100 * s['winnable_high']:.1f}% "
        f"(unknowns counted both ways)\n"
        f"positions: median {s['median_positions']:,.0f}, p90 {s['p90_positions']:,.0f}; "
        f"seconds: median {s['median_seconds']:.3f}, p90 {s['p90_seconds']:.3f}; "
        f"{s['positions_per_second']:,.0f} positions/s"
    )


def study(jobs: list[StudyJob], *, workers: int = 1, executor: str = "local", scheduler: Any = None,
          out: TextIO | None = None, progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Run the jobs, write one JSON line per deal to ``out`` (in deal order), return the summary."""
    if executor == "dask":
        if scheduler is None:
            raise ValueError("--executor dask needs --scheduler ADDRESS")
        stream = run_dask(jobs, scheduler)
    elif executor == "local":
        stream = run_local(jobs, workers)
    else:
        raise ValueError(f"unknown executor {executor!r} (local or dask)")
    records = []
    for done, record in enumerate(stream, 1):
        records.append(record)
        if progress:
            progress(done, len(jobs))
    records.sort(key=lambda r: r["seed"])
    if out is not None:
        for record in records:
            out.write(json.dumps(record) + "\n")
    return summarise(records)


def progress_bar(stream: TextIO = sys.stderr) -> Callable[[int, int], None]:
    """A one-line progress bar with a rate and time left, redrawn in place."""
    started = time.monotonic()

    def show(done: int, total: int) -> None:
        elapsed = time.monotonic() - started
        width = 30
        filled = int(width * done / total) if total else width
        left = elapsed / done * (total - done) if done else 0
        stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} deals, "
                     f"{elapsed:.0f}s elapsed, ~{left:.0f}s left ")
        if done == total:
            stream.write("\n")
        stream.flush()

    return show
