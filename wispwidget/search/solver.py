"""The tuned solver: ``solve(position)`` settles a deal as won (with a line), lost, or unknown.

It plays thoughtful solitaire: it sees every card. The fast path is the C core
(``native.py``); without a compiler the same search runs in Python over the
engine. Either way a ``won`` line is replayed by the engine before it is
returned, so a line that does not replay can never leave this module.
"""

from __future__ import annotations

import ctypes
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..engine.game import Game
from ..engine.move import MAX_PILES, Move
from ..engine.position import Position
from ..errors import WispError
from ..io.formats import SOLVE_FORMAT, move_to_dict
from ..limits import check_max_positions, check_time_limit, echo
from . import native
from .ordering import ordered, view_of

DEFAULT_MAX_POSITIONS = 1_000_000
ENGINES = ("auto", "native", "python")


class SolverDefect(RuntimeError):
    """The solver produced a line the engine does not accept: a bug, never a user error."""


@dataclass
class CancelToken:
    """Set ``cancel()`` from any thread to stop a running solve (it returns ``unknown``); read ``positions``
    from any thread to see how far the solve it was given to has gone."""

    _flag: Any = field(default_factory=lambda: ctypes.c_int32(0))
    _live: Any = None  # the running solve's counter: the C core's stats, or the Python search's own

    @property
    def positions(self) -> int:
        """Positions the current (or last) solve with this token has examined so far."""
        return int(self._live.positions) if self._live is not None else 0

    def cancel(self) -> None:
        """Ask the solve to stop at its next check."""
        self._flag.value = 1

    @property
    def cancelled(self) -> bool:
        """True once ``cancel()`` was called."""
        return bool(self._flag.value)


@dataclass(frozen=True)
class SolveResult:
    """What a solve found: ``result`` is ``won``, ``lost`` or ``unknown``."""

    result: str
    moves: tuple[Move, ...]
    positions: int
    seconds: float
    table_bytes: int = 0
    max_depth: int = 0
    engine: str = "native"
    cancelled: bool = False
    engine_note: str = ""  # why the pure-Python engine ran under engine="auto" (the C core cannot take the game)

    @property
    def bytes_per_position(self) -> float:
        """Memory of the transposition table per stored position."""
        return self.table_bytes / self.positions if self.positions else 0.0

    @property
    def settled(self) -> bool:
        """True for ``won`` or ``lost``."""
        return self.result in ("won", "lost")

    def to_dict(self) -> dict[str, Any]:
        """The ``wisp-solve/1`` object."""
        return {"format": SOLVE_FORMAT, "result": self.result, "positions": self.positions,
                "seconds": round(self.seconds, 4), "moves": [move_to_dict(m) for m in self.moves]}




class UnknownEngineError(WispError, ValueError):
    """``solve(..., engine=...)`` got a name that is not one of ``ENGINES``."""


class UnsupportedGame(WispError, ValueError):
    """Neither the C core nor the engine can play this game (for example more piles than either names)."""


class BudgetTooLarge(WispError, ValueError):
    """``max_positions`` could need more memory than the machine has: refused before the search starts."""


def position_of(value: object, what: str) -> Position:
    """The position of a ``Game`` (its current one) or a ``Position``; anything else raises ``WispError``
    saying that ``what`` (``"solve"``, ``"trace"``, ...) needs one."""
    if isinstance(value, Game):
        return value.position()
    if not isinstance(value, Position):
        raise WispError(f"{what} needs a Game or a Position, not {echo(value)}")
    return value


def solve(position: Position | Game, max_positions: int = DEFAULT_MAX_POSITIONS, time_limit: float | None = None,
          *, cancel: CancelToken | None = None, transpositions: bool = True, ordering: bool = True,
          dominance: bool = True, engine: str = "auto", strategy: native.Strategy | None = None) -> SolveResult:
    """Search for a winning line from ``position`` seeing every card.

    ``max_positions`` bounds the distinct positions examined and ``time_limit``
    the seconds; past either the result is ``unknown``. ``lost`` is returned only
    after an exhaustive search under sound pruning (docs/solver.md). The
    switches turn off the transposition table, move ordering and dominance
    pruning, for teaching and for tests. ``engine`` is ``auto``, ``native`` or
    ``python`` (anything else raises ``UnknownEngineError``); ``auto`` uses the C core where it can take
    the game and says in ``SolveResult.engine_note`` why it did not. ``strategy`` replaces the C core's
    tuned search settings (``native.default_strategy``), for experiments; the Python search ignores it.
    A budget that could need more memory than is available raises ``BudgetTooLarge`` before any search, and
    anything but a ``Game`` or a ``Position`` raises ``WispError``.
    """
    position = position_of(position, "solve")
    if engine not in ENGINES:
        raise UnknownEngineError(f"unknown solver engine {echo(engine)} (one of {', '.join(ENGINES)})")
    max_positions = check_max_positions(max_positions)
    time_limit = check_time_limit(time_limit)
    if position.spec.piles > MAX_PILES:
        raise UnsupportedGame(f"{position.spec.key} has {position.spec.piles} tableau piles: the engine plays "
                              f"at most {MAX_PILES} and the C core fewer")
    lib = native.load() if engine in ("auto", "native") else None
    if engine == "native" and lib is None:
        raise RuntimeError(f"the C solver core is not available: {native.why_unavailable}")
    note = ""
    if lib is not None:
        note = _fits_native(position)
        if note and engine == "native":
            raise native.NativeRefusal(note)
    elif engine == "auto":
        note = f"the C core is not available: {native.why_unavailable}"
    use_native = lib is not None and not note
    per = native.bytes_per_position_bound(position) if use_native else PYTHON_BYTES_PER_POSITION
    reachable = max_positions if not time_limit else min(max_positions, int(time_limit * FASTEST_RATE) + 1)
    keeps = use_native or transpositions  # the Python search without its table keeps only the line
    too_big = native.memory_refusal(position, reachable, per, max_positions) if keeps else ""
    if too_big:
        raise BudgetTooLarge(too_big)
    started = time.perf_counter()
    if use_native:
        result = _solve_native(lib, position, max_positions, time_limit, cancel, transpositions, ordering,
                               dominance, strategy)
    else:
        result = _solve_python(position, max_positions, time_limit, cancel, transpositions, ordering)
    seconds = time.perf_counter() - started
    final = SolveResult(result.result, result.moves, result.positions, seconds, result.table_bytes,
                        result.max_depth, result.engine, result.cancelled, note)
    if final.result == "won":
        verify_line(position, final.moves)
    return final


# Positions a solve can reach within its time limit at most: above every measured rate (docs/solver.md).
FASTEST_RATE = 5_000_000
PYTHON_BYTES_PER_POSITION = 400  # the Python search's set of keys: a bytes key and its set entry, at most


def _fits_native(position: Position) -> str:
    """"" when the C core can take this game and position; otherwise why not, in one sentence."""
    return native.refusal(position)


def _solve_native(lib, position, max_positions, time_limit, cancel, transpositions, ordering,
                  dominance, strategy) -> SolveResult:
    flag = cancel._flag if cancel is not None else ctypes.c_int32(0)
    live = native.WispStats()
    if cancel is not None:
        cancel._live = live
    try:
        core = native.core_solve(lib, position, max_positions, time_limit, flag, strategy, stats=live,
                                 transpositions=transpositions, ordering=ordering, dominance=dominance)
    except RuntimeError as exc:
        raise SolverDefect(str(exc)) from exc
    stats = core.stats
    return SolveResult("unknown" if core.result == "cancelled" else core.result, core.moves, stats["positions"],
                       0.0, stats["table_bytes"], stats["max_depth"], "native", core.result == "cancelled")


@dataclass
class _Counter:
    """The Python search's progress, read by ``CancelToken.positions``."""

    positions: int = 0


def _solve_python(position, max_positions, time_limit, cancel, transpositions, ordering) -> SolveResult:
    """The same depth-first search in Python over the engine (no C compiler needed)."""
    game = Game(position, validate=False)
    if game.is_won():
        return SolveResult("won", (), 1, 0.0, engine="python")
    seen = {game.key()} if transpositions else set()
    positions = 1
    live = _Counter()
    if cancel is not None:
        cancel._live = live
    started = time.perf_counter()
    stack = [iter(_ordered(game, ordering))]
    while stack:
        move = next(stack[-1], None)
        if move is None:
            stack.pop()
            if stack:
                game.pop()
            continue
        game.push(move)
        if game.is_won():
            return SolveResult("won", tuple(game.moves_played), positions, 0.0, engine="python")
        if transpositions:
            key = game.key()
            if key in seen:
                game.pop()
                continue
            seen.add(key)
        positions += 1
        live.positions = positions
        stopped = cancel is not None and cancel.cancelled
        if positions > max_positions or stopped or (time_limit and time.perf_counter() - started > time_limit):
            return SolveResult("unknown", (), min(positions, max_positions), 0.0, engine="python", cancelled=stopped)
        stack.append(iter(_ordered(game, ordering)))
    return SolveResult("lost", (), positions, 0.0, engine="python")


def _ordered(game: Game, ordering: bool) -> list[Move]:
    moves = game.legal_moves()
    return ordered(view_of(game), moves) if ordering else moves


def verify_line(position: Position, moves: tuple[Move, ...] | list[Move]) -> None:
    """Replay ``moves`` with the engine; raise ``SolverDefect`` unless every move is legal and the game is won."""
    game = Game(position, validate=False)
    for index, move in enumerate(moves):
        reason = game.why_illegal(move)
        if reason is not None:
            raise SolverDefect(f"solver line move {index} ({move}) does not replay: {reason}")
        game.push(move)
    if not game.is_won():
        raise SolverDefect("solver line replays but does not win")


class Background:
    """Work on a worker thread, cancellable through its ``token``, with a callback on that thread when it ends.

    ``work(token)`` runs once; its value becomes ``result``, or what it raised becomes ``error`` (never lost).
    ``BackgroundSolve`` is this with a solve as the work (the widgets' background work runs in ``widgets/jobs.py``).
    """

    def __init__(self, work: Callable[[CancelToken], Any], callback: Callable[[Any], None] | None = None) -> None:
        self.token = CancelToken()
        self.result: Any = None
        self.error: BaseException | None = None
        self._work = work
        self._callback = callback
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            self.result = self._work(self.token)
        except BaseException as exc:  # reported to the caller, never lost
            self.error = exc
        if self._callback is not None:
            self._callback(self)

    def cancel(self) -> None:
        """Stop the work at its next check of the token (a solve then returns ``unknown``, ``cancelled`` set)."""
        self.token.cancel()

    def wait(self, timeout: float | None = None) -> Any:
        """Wait for the result (None if ``timeout`` passes first)."""
        self._thread.join(timeout)
        return self.result

    @property
    def done(self) -> bool:
        """True once the work has finished (or stopped)."""
        return not self._thread.is_alive()


class BackgroundSolve(Background):
    """A solve on a worker thread (the C core releases the GIL), cancellable, with a callback."""

    result: SolveResult | None

    def __init__(self, position: Position, callback: Callable[[Any], None] | None = None, **options: Any) -> None:
        super().__init__(lambda token: solve(position, cancel=token, **options), callback)
