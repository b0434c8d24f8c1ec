"""Studies: solve many deals, one JSON line each, and summarise them.

Local worker processes by default; a Dask distributed cluster when asked.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import math
import sys
import time
from array import array
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import Any, TextIO

from ..engine.dealing import deal_position
from ..errors import FormatError, WispError
from ..games.catalogue import get_game
from ..io.formats import load_json
from ..limits import MAX_POSITIONS, MAX_SEED, MAX_TIME_LIMIT, check_workers, clip, echo, parse_deal_range
from ..search.players import PLAYERS, HindsightPlayer, PlannerPlayer, play_game
from ..search.solver import solve
from .stats import percentile, wilson_interval, winnable_bounds


@dataclass(frozen=True)
class StudyJob:
    """One deal to solve."""

    game: str
    variant: str
    seed: int
    max_positions: int
    time_limit: float | None = None
    player: str = "thoughtful"  # or "heuristic" / "no-peek" / "hindsight": a player that cannot see hidden cards
    reproducible: bool = False  # no-peek: no second a decision, so every run plays the same games (slower)


def run_job(job: StudyJob) -> dict[str, Any]:
    """Solve one deal; the JSON-ready record of the result (runs in a worker)."""
    import resource

    position = deal_position(get_game(job.game, job.variant), job.seed)
    if job.player != "thoughtful":
        return _play_job(job, position)
    result = solve(position, job.max_positions, job.time_limit)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    return {"game": job.game, "variant": job.variant, "seed": job.seed, "result": result.result,
            "positions": result.positions, "max_positions": job.max_positions, "seconds": round(result.seconds, 4),
            "moves": len(result.moves), "table_bytes": result.table_bytes, "peak_rss_bytes": peak}


def _play_job(job: StudyJob, position) -> dict[str, Any]:
    """A game played by an honest player: ``won`` or ``not won`` (the player did not win it; nothing is proved
    about the deal, so not the solver's ``lost``)."""
    import time as _time

    started = _time.perf_counter()
    player = PLAYERS[job.player]()
    if isinstance(player, PlannerPlayer):  # the budget bounds the solves it asks for
        player.endgame_positions = min(job.max_positions, player.endgame_positions)
        if job.reproducible:
            player.time_limit = None
    elif isinstance(player, HindsightPlayer):
        player.max_positions = min(job.max_positions, player.max_positions)
    game = play_game(position, player, seed=job.seed)
    record = {"game": job.game, "variant": job.variant, "seed": job.seed, "player": job.player,
              "result": "won" if game.won else "not won", "moves": len(game.moves),
              "seconds": round(_time.perf_counter() - started, 4), "reason": game.reason}
    if isinstance(player, PlannerPlayer):
        record["decision_seconds"] = player.time_limit  # null: reproducible play, with no time limit
    return record


def parse_range(text: str) -> range:
    """``"1-1000"`` (inclusive) or ``"7"`` as a range of deal numbers (``limits.parse_deal_range``)."""
    return parse_deal_range(text)


def _window(workers: int) -> int:
    """How many jobs are in flight at once: enough to keep every worker busy, few enough to stay small."""
    return max(4, 4 * workers)


def _pool_initializer() -> None:
    """Workers ignore Ctrl-C: the main process stops them, and they print no tracebacks of their own."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _indexed_local(jobs: Iterable[StudyJob], workers: int) -> Iterator[tuple[int, dict[str, Any]]]:
    """``(job index, record)`` as jobs finish; jobs are taken lazily, at most a window of them in flight."""
    numbered = enumerate(jobs)
    if workers <= 1:
        for index, job in numbered:
            yield index, run_job(job)
        return
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_pool_initializer)
    pending: dict[Future, int] = {}
    try:
        for index, job in itertools.islice(numbered, _window(workers)):
            pending[pool.submit(run_job, job)] = index
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                index = pending.pop(future)
                for more, job in itertools.islice(numbered, 1):
                    pending[pool.submit(run_job, job)] = more
                yield index, future.result()
    finally:
        if pending:  # stopped early (Ctrl-C, a failure): stop the running deals now rather than wait for them
            for process in list((getattr(pool, "_processes", None) or {}).values()):
                with contextlib.suppress(Exception):
                    process.terminate()
        # Then wait for the pool's own thread to wind down: left running after shutdown(wait=False), it may try
        # to replace the stopped workers and fail at exit (CPython gh-132969, not fixed in 3.11).
        pool.shutdown(wait=True, cancel_futures=True)


def run_local(jobs: Iterable[StudyJob], workers: int) -> Iterator[dict[str, Any]]:
    """Results as they finish, from local worker processes (in this process when workers == 1)."""
    for _index, record in _indexed_local(jobs, workers):
        yield record


#: Seconds to wait for a Dask scheduler before saying it cannot be reached.
CONNECT_SECONDS = 5


class StudyError(WispError):
    """A study could not run (a Dask scheduler that cannot be reached, a worker that died)."""


def connect(scheduler: str | Any, timeout: float = CONNECT_SECONDS) -> Any:
    """A Dask ``Client`` for an address (or the client given), or ``StudyError`` within ``timeout`` seconds."""
    try:
        from distributed import Client
    except ImportError:
        raise StudyError("--executor dask needs the 'distributed' package (pip install distributed)") from None
    if isinstance(scheduler, Client):
        return scheduler
    if not isinstance(scheduler, str) or not scheduler.strip():
        raise StudyError(f"--scheduler needs a Dask scheduler address such as tcp://host:8786, not {echo(scheduler)}")
    try:
        return Client(scheduler, timeout=timeout)
    except Exception as exc:
        reason = " ".join(str(exc).split()) or type(exc).__name__
        raise StudyError(f"cannot reach the Dask scheduler {echo(scheduler)} within {timeout:g} s: "
                         f"{clip(reason, 120)}") from None


def _indexed_dask(jobs: Iterable[StudyJob], scheduler: str | Any) -> Iterator[tuple[int, dict[str, Any]]]:
    from distributed import as_completed as dask_completed

    client = connect(scheduler)
    numbered = enumerate(jobs)
    window = max(16, 4 * sum(client.nthreads().values()))
    pending: dict[Any, int] = {}
    try:
        queue = dask_completed()
        for index, job in itertools.islice(numbered, window):
            future = client.submit(run_job, job, pure=False)
            pending[future] = index
            queue.add(future)
        for future in queue:
            index = pending.pop(future)
            for more, job in itertools.islice(numbered, 1):
                nxt = client.submit(run_job, job, pure=False)
                pending[nxt] = more
                queue.add(nxt)
            yield index, future.result()
    finally:
        if pending:
            client.cancel(list(pending))
        if client is not scheduler:
            client.close()


def run_dask(jobs: Iterable[StudyJob], scheduler: str | Any) -> Iterator[dict[str, Any]]:
    """Results as they finish, from a Dask distributed cluster (an address or a Client)."""
    for _index, record in _indexed_dask(jobs, scheduler):
        yield record


def _share(value: float) -> float:
    """A share or a bound as written: 12 decimals, so 1 - 1e-16 reads 1.0, not 0.9999999999999999."""
    return round(value, 12)


def _count(value: float) -> float | int:
    """A median or percentile of counts: a whole number as one (9185, not 9185.0)."""
    return int(value) if float(value).is_integer() else value


class Tally:
    """A summary built one record at a time (numbers in compact arrays, not the records themselves)."""

    def __init__(self) -> None:
        self.counts = {"won": 0, "lost": 0, "unknown": 0}
        self.positions = array("q")
        self.seconds = array("d")
        self.moves = array("q")
        self.peak = 0
        self.players: set[str] = set()
        self.games: set[str] = set()  # "game/variant" of the records

    def add(self, record: dict[str, Any]) -> None:
        """Count one record."""
        self.counts[record["result"]] = self.counts.get(record["result"], 0) + 1
        if "game" in record:
            self.games.add(f"{record['game']}/{record.get('variant', 'standard')}")
        self.seconds.append(float(record.get("seconds", 0.0)))
        self.moves.append(int(record.get("moves", 0)))
        if "player" in record:
            self.players.add(record["player"])
        else:
            self.positions.append(int(record.get("positions", 0)))
        self.peak = max(self.peak, int(record.get("peak_rss_bytes", 0)))

    def summary(self) -> dict[str, Any]:
        """The summary: in solver words for thoughtful studies, in player words for a player's games."""
        counts = self.counts
        n = sum(counts.values())
        seconds = list(self.seconds)
        game = ", ".join(sorted(self.games))  # which game the figures are of (two summaries side by side)
        if self.players:
            won = counts["won"]
            low, high = wilson_interval(won, n)
            return {"game": game, "deals": n, "player": ", ".join(sorted(self.players)), "won": won, "not_won": n - won,
                    "won_share": _share(won / n if n else 0.0), "won_low": _share(low), "won_high": _share(high),
                    "median_moves": _count(percentile(list(self.moves), 0.5)),
                    "median_seconds": percentile(seconds, 0.5),
                    "p90_seconds": percentile(seconds, 0.9)}
        positions = list(self.positions)
        low, high = winnable_bounds(counts["won"], counts["lost"], counts["unknown"])
        return {
            "game": game, "deals": n, **counts,
            "settled_share": _share((counts["won"] + counts["lost"]) / n if n else 0.0),
            "won_share": _share(counts["won"] / n if n else 0.0),
            "winnable_low": _share(low), "winnable_high": _share(high),
            "median_positions": _count(percentile([float(p) for p in positions], 0.5)),
            "p90_positions": _count(percentile([float(p) for p in positions], 0.9)),
            "median_seconds": percentile(seconds, 0.5), "p90_seconds": percentile(seconds, 0.9),
            "positions_per_second": sum(positions) / sum(seconds) if sum(seconds) else 0.0,
            "peak_rss_bytes": self.peak,
        }


def summarise(records: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """Counts, the winnable share with its 95% bounds, and median/p90 positions and seconds.

    For a player's games (records with ``player``): won K of N with its Wilson interval, median moves and
    seconds per game, and nothing about positions or settled shares.
    """
    tally = Tally()
    for record in records:
        tally.add(record)
    return tally.summary()


def format_summary(summary: dict[str, Any]) -> str:
    """The summary as a few lines for a person."""
    s = summary
    if "player" in s:
        return (f"{s['player']} player: won {s['won']:,} of {s['deals']:,} ({100 * s['won_share']:.1f}%, "
                f"95% CI {100 * s['won_low']:.1f}–{100 * s['won_high']:.1f}%)\n"
                f"per game: median {s['median_moves']:,.0f} moves, {s['median_seconds']:.3f} s")
    return (
        f"{s['deals']:,} deal{'' if s['deals'] == 1 else 's'}: the solver, seeing every card (thoughtful), "
        f"won {s['won']:,} "
        f"({100 * s['won_share']:.1f}%), lost {s['lost']:,}, unknown {s['unknown']:,} "
        f"(settled {100 * s['settled_share']:.1f}%)\n"
        f"winnable share: 95% CI {100 * s['winnable_low']:.1f}–{100 * s['winnable_high']:.1f}% "
        f"({'unknowns counted both ways' if s['unknown'] else 'every deal settled'})\n"
        f"positions: median {s['median_positions']:,.0f}, p90 {s['p90_positions']:,.0f}; "
        f"seconds: median {s['median_seconds']:.3f}, p90 {s['p90_seconds']:.3f}; "
        f"{s['positions_per_second']:,.0f} positions/s"
    )


def study(jobs: Iterable[StudyJob], *, workers: int = 1, executor: str = "local", scheduler: Any = None,
          out: TextIO | None = None, progress: Callable[[int, int], None] | None = None,
          total: int | None = None, kept: Iterable[dict[str, Any]] = ()) -> dict[str, Any]:
    """Run the jobs, write one JSON line per deal to ``out`` as it goes (in job order, flushed), return the summary.

    ``jobs`` may be a lazy iterable (``total`` then gives the progress bar its length); at most a window of
    jobs is in flight. ``kept`` are records of an earlier run (``--resume``), counted in the summary but not
    written again.
    """
    if executor == "dask":
        if scheduler is None:
            raise StudyError("--executor dask needs --scheduler ADDRESS")
        stream = _indexed_dask(jobs, scheduler)
    elif executor == "local":
        stream = _indexed_local(jobs, check_workers(workers))
    else:
        raise StudyError(f"unknown executor {echo(executor)} (local or dask)")
    if total is None and hasattr(jobs, "__len__"):
        total = len(jobs)  # type: ignore[arg-type]
    tally = Tally()
    for record in kept:
        tally.add(record)
    waiting: dict[int, dict[str, Any]] = {}
    next_index = 0
    for done, (index, record) in enumerate(stream, 1):
        waiting[index] = record
        while next_index in waiting:
            ready = waiting.pop(next_index)
            next_index += 1
            tally.add(ready)
            if out is not None:
                out.write(json.dumps(ready) + "\n")
                out.flush()
        if progress:
            progress(done, total if total is not None else done)
    return tally.summary()


@dataclass(frozen=True)
class Resuming:
    """The study a ``--resume`` goes on with: every line kept must be one of its deals."""

    game: str
    variant: str
    player: str
    deals: range
    max_positions: int | None = None  # a thoughtful line's budget (None: any)
    decision_seconds: float | None = 1.0  # a no-peek line's time a decision (None: --reproducible)


def read_kept(paths: Iterable[str], resuming: Resuming) -> dict[int, dict[str, Any]]:
    """The records of an earlier run in ``paths`` (``FILE``, then ``FILE.partial``), by seed (for ``--resume``).

    A file's last line cut off mid-write is skipped. Every other line must be a study's line (``_is_study_line``)
    of the study ``resuming`` describes, else ``StudyError`` names it: a file of something else, a line of another
    game, variant, player, budget or way of playing, a deal outside ``deals``, or a deal whose lines disagree on
    its result (lines that agree are kept once, the first: a resumed run writes its kept lines again, so
    FILE.partial repeats FILE's). Resuming would otherwise overwrite the file, or mix two studies in it.
    """
    kept: dict[int, tuple[dict[str, Any], str]] = {}
    for path in paths:
        for where, record in _study_lines(path):
            _check_belongs(record, where, resuming)
            seed = record["seed"]
            first, first_where = kept.setdefault(seed, (record, where))
            if first["result"] != record["result"]:
                raise StudyError(f"--resume: {where} says deal {seed} was {record['result']}, but {first_where} "
                                 f"says {first['result']}; delete the wrong line, or choose another --output")
    return {seed: record for seed, (record, _where) in kept.items()}


def finished_seeds(paths: Iterable[str]) -> set[int]:
    """The deals whose study lines ``paths`` hold, read leniently (a file that is missing or cannot be read holds
    none; a line that is not a study's is passed over): what a message may say is kept on disk."""
    seeds: set[int] = set()
    for path in paths:
        try:
            with open(path, encoding="utf-8", errors="replace") as handle:
                for line in handle:
                    record = _study_line(line) if line.endswith("\n") else None
                    if record is not None:
                        seeds.add(record["seed"])
        except OSError:
            continue
    return seeds


def _study_lines(path: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """``("line N of PATH", record)`` for each study line of ``path`` (none when it does not exist); a line that
    is not one raises ``StudyError``, unless it is a last line cut off mid-write."""
    try:
        handle = open(path, encoding="utf-8", errors="replace")  # noqa: SIM115
    except FileNotFoundError:
        return
    except OSError as exc:
        raise StudyError(f"--resume: cannot read {clip(path)}: {exc.strerror or exc}") from None
    with handle:
        for number, line in enumerate(handle, 1):
            record = _study_line(line) if line.strip() else None
            if record is not None:
                yield f"line {number} of {clip(path)}", record
            elif line.strip() and not _cut_off(line):
                try:
                    why = why_not_a_study_line(load_json(line))
                except FormatError:
                    why = "it is not JSON these files hold"
                raise _not_a_study(path, number, why)


def _cut_off(line: str) -> bool:
    """True for a file's last line cut off mid-write: the start of a line ``run_job`` writes, with no end of line
    (only a last line has none)."""
    return line.startswith('{"game": ') and not line.endswith("\n")


def _check_belongs(record: dict[str, Any], where: str, resuming: Resuming) -> None:
    """Refuse (``StudyError``) a study line of another study than the one being resumed."""
    theirs = (record["game"], record["variant"], record.get("player", "thoughtful"))
    ours = (resuming.game, resuming.variant, resuming.player)
    if theirs != ours:
        raise StudyError(f"--resume: {where} is a deal of {'/'.join(theirs)}, not of {'/'.join(ours)}; choose "
                         "another --output")
    deals = resuming.deals
    if record["seed"] not in deals:
        named = f"{deals.start}-{deals.stop - 1}" if len(deals) > 1 else f"{deals.start}"
        raise StudyError(f"--resume: {where} is deal {record['seed']}, not one of --deals {named}; resume with "
                         "--deals that include it, or choose another --output")
    budget, wanted = record.get("max_positions"), resuming.max_positions
    if resuming.player == "thoughtful" and None not in (budget, wanted) and budget != wanted:
        raise StudyError(f"--resume: {where} was solved at {budget:,} positions, not {wanted:,}; resume with "
                         f"--max-positions {budget}, or choose another --output")
    seconds = record.get("decision_seconds", 1.0)
    if resuming.player == "no-peek" and seconds != resuming.decision_seconds:
        how = "with no time limit (--reproducible)" if seconds is None else f"at {seconds:g} s a decision"
        raise StudyError(f"--resume: {where} was played {how}; resume {'with' if seconds is None else 'without'} "
                         "--reproducible, or choose another --output")


def not_a_study_file(path: str) -> str:
    """Why a study must not write over ``path`` ("" when it may): a file whose first line is not a study's line
    is something else (lecture notes named by mistake), and a run without ``--resume`` would replace it."""
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            first = next((line for line in handle if line.strip()), "")
    except OSError:
        return ""  # nothing there, or a path the write check words
    if not first or _study_line(first) is not None or _cut_off(first):
        return ""
    return (f"--output: {clip(path)} is not a study's results (its first line is not one), so the run would "
            "replace it; choose another --output, or delete the file first")


def not_a_summary_file(path: str) -> str:
    """Why a study must not write its summary over ``path`` ("" when it may): an existing file that is not a
    study's summary (a JSON object with ``deals`` and ``won``) is something else, which the summary would replace."""
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            text = handle.read(1 << 20)
    except OSError:
        return ""  # nothing there, or a path the write check words
    if not text.strip():
        return ""
    try:
        found = load_json(text)
    except FormatError:
        found = None
    if isinstance(found, dict) and "deals" in found and "won" in found:
        return ""
    return (f"--summary-json: {clip(path)} is not a study's summary, so the run would replace it; choose another "
            "--summary-json, or delete the file first")


def _not_a_study(path: str, number: int, why: str = "") -> StudyError:
    because = f" ({why})" if why else ""
    return StudyError(f"--resume: line {number} of {clip(path)} is not a study's line{because}, so the file is not a "
                      "study to go on with; choose another --output")


def _study_line(line: str) -> dict[str, Any] | None:
    """The record a line of a study's results holds, or None when it holds none (``_is_study_line``)."""
    try:
        record = load_json(line)
    except FormatError:  # not JSON, or JSON these files refuse (NaN, a 5,000-digit number, nesting 100,000 deep)
        return None
    return record if _is_study_line(record) else None


#: A count a study line may hold: the summary keeps counts in 64-bit arrays.
_MAX_COUNT = (1 << 63) - 1


def _whole(value: Any, low: int = 0, high: int = _MAX_COUNT) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


#: The longest a deal's line may say it took: ten million seconds (115 days), far past any run's.
_MAX_SECONDS = 10_000_000


def _seconds(value: Any) -> bool:
    return (isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
            and 0 <= value <= _MAX_SECONDS)


#: What each number of a study line must be, when the line has it.
_NUMBERS: dict[str, Callable[[Any], bool]] = {
    "seed": lambda value: _whole(value, high=MAX_SEED),
    "max_positions": lambda value: _whole(value, low=1, high=MAX_POSITIONS),
    "positions": _whole, "moves": _whole, "table_bytes": _whole, "peak_rss_bytes": _whole,
    "seconds": _seconds,
    "decision_seconds": lambda value: value is None or (_seconds(value) and 0 < value <= MAX_TIME_LIMIT),
}


#: A thoughtful line's results, the fields it must have and those it may have; a player's.
_SOLVER_LINE = (("won", "lost", "unknown"), ("game", "variant", "seed", "result", "positions", "moves", "seconds"),
                ("max_positions", "table_bytes", "peak_rss_bytes"))
_PLAYER_LINE = (("won", "not won"), ("game", "variant", "seed", "player", "result", "moves", "seconds"),
                ("reason", "decision_seconds"))


def _is_study_line(record: Any) -> bool:
    """True for a record ``run_job`` writes (``why_not_a_study_line`` says what else it is)."""
    return not why_not_a_study_line(record)


def why_not_a_study_line(record: Any) -> str:
    """Why ``record`` is not a line ``run_job`` writes ("" when it is one): ``game`` and ``variant`` names; a
    thoughtful line's ``result`` (``won``, ``lost``, ``unknown``), ``seed``, ``positions``, ``moves`` and
    ``seconds``, or a player's (one of ``PLAYERS``) ``result`` (``won``, ``not won``), ``seed``, ``moves`` and
    ``seconds``; no other field than those and ``max_positions``, ``table_bytes``, ``peak_rss_bytes`` (a
    thoughtful line's) or ``reason``, ``decision_seconds`` (a player's); every number in its range (whole counts,
    seconds finite and at most ten million, none negative), no more positions than the budget, and moves for a
    won game only (a solver proves a loss or gives up with none; nobody wins a deal in no move)."""
    if not isinstance(record, dict):
        return "it is not a JSON object"
    if not all(isinstance(record.get(name), str) for name in ("game", "variant")):
        return "it has no game and variant names"
    if "player" in record and record["player"] not in tuple(PLAYERS):  # a tuple: an unhashable value is no player
        return f"its player {echo(record['player'])} is none of {', '.join(PLAYERS)}"
    results, needed, optional = _PLAYER_LINE if "player" in record else _SOLVER_LINE
    if record.get("result") not in results:
        return f"its result is not one of {', '.join(results)}"
    missing = [name for name in needed if name not in record]
    if missing:
        return f"it has no {missing[0]}"
    unknown = [name for name in record if name not in needed and name not in optional]
    if unknown:
        return f"it has a field {echo(unknown[0])} that study lines do not have"
    bad = next((name for name, check in _NUMBERS.items() if name in record and not check(record[name])), None)
    if bad is not None:
        return f"its {bad} {echo(record[bad])} is out of range"
    if not isinstance(record.get("reason", ""), str):
        return "its reason is not words"
    budget = record.get("max_positions")
    if "positions" in record and budget is not None and record["positions"] > budget:
        return f"it searched {record['positions']:,} positions, more than its max_positions, {budget:,}"
    won = record["result"] == "won"
    if won and record["moves"] == 0:
        return "it says won in no move"
    if not won and "player" not in record and record["moves"] > 0:
        return f"it says {record['result']} with a winning line of {record['moves']} moves"
    return ""


class ProgressBar:
    """A one-line progress bar with a rate and time left, redrawn in place: call it with (done, total)."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream if stream is not None else sys.stderr  # looked up now: a test may have replaced it
        self.started = time.monotonic()
        self.open_line = False  # drawn, and the line not yet ended

    def __call__(self, done: int, total: int) -> None:
        elapsed = time.monotonic() - self.started
        width = 30
        filled = int(width * done / total) if total else width
        left = elapsed / done * (total - done) if done else 0
        self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} deals, "
                          f"{elapsed:.0f}s elapsed, ~{left:.0f}s left ")
        self.open_line = done != total
        if not self.open_line:
            self.stream.write("\n")
        self.stream.flush()

    def end_line(self) -> None:
        """End the bar's line, so that what is written next (a run's last word) starts a line of its own."""
        if self.open_line:
            self.stream.write("\n")
            self.stream.flush()
            self.open_line = False


def progress_bar(stream: TextIO | None = None) -> ProgressBar:
    """A one-line progress bar with a rate and time left, redrawn in place."""
    return ProgressBar(stream)
