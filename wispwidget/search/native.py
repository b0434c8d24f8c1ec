"""The C solver core (``wispwidget/_native/wispsolve.c``), loaded with ctypes.

The library is compiled when the package is installed (``hatch_build.py``). If it
is missing or older than its source, it is compiled on first use into a cache
folder; with no C compiler at all, ``load()`` returns None and the solver falls
back to the pure-Python search over the engine.
"""

from __future__ import annotations

import ctypes
import os
import subprocess
import threading
from dataclasses import dataclass
from pathlib import Path

from ..cards import Card
from ..engine.move import DEAL, DRAW, Move
from ..engine.position import Position
from ..games.soundness import ace_to_foundation_is_sound, forty_dead_test_is_sound, spider_dead_test_is_sound
from ..games.spec import Build, EmptyPile, Movable
from ._build import compile_core, library_name

NATIVE_DIR = Path(__file__).resolve().parent.parent / "_native"
SOURCE = NATIVE_DIR / "wispsolve.c"

RESULT_NAMES = {0: "lost", 1: "won", 2: "unknown", 3: "cancelled"}
_KINDS = ("t2t", "t2f", "w2t", "w2f", "f2t", "f2f", "deal", "draw")

_lock = threading.Lock()
_library: ctypes.CDLL | None = None
_tried = False


def _cache_dir() -> Path:
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "wispwidget"


def load() -> ctypes.CDLL | None:
    """The loaded core, compiling it if needed; None when no compiler is available."""
    global _library, _tried
    with _lock:
        if _tried:
            return _library
        _tried = True
        if os.environ.get("WISPWIDGET_PURE_PYTHON"):
            return None
        name = library_name(SOURCE)
        for folder in (NATIVE_DIR, _cache_dir()):
            if (folder / name).exists():
                _library = _bind(ctypes.CDLL(str(folder / name)))
                return _library
        for folder in (NATIVE_DIR, _cache_dir()):
            try:
                _library = _bind(ctypes.CDLL(str(compile_core(NATIVE_DIR, folder))))
                return _library
            except (OSError, subprocess.CalledProcessError):
                continue
        return None


def _bind(lib: ctypes.CDLL) -> ctypes.CDLL:
    i32p, u8p = ctypes.POINTER(ctypes.c_int32), ctypes.POINTER(ctypes.c_uint8)
    lib.wisp_solve.argtypes = [i32p, u8p, ctypes.c_int, ctypes.c_int64, ctypes.c_double, i32p, i32p,
                               ctypes.c_int, ctypes.POINTER(ctypes.c_int64)]
    lib.wisp_solve.restype = ctypes.c_int
    lib.wisp_moves.argtypes = [i32p, u8p, ctypes.c_int, i32p, ctypes.c_int]
    lib.wisp_moves.restype = ctypes.c_int
    lib.wisp_apply.argtypes = [i32p, u8p, ctypes.c_int, ctypes.c_int32, u8p, ctypes.c_int]
    lib.wisp_apply.restype = ctypes.c_int
    lib.wisp_hopeless.argtypes = [i32p, u8p, ctypes.c_int]
    lib.wisp_hopeless.restype = ctypes.c_int
    return lib


# -- encoding --------------------------------------------------------------------------


# Heuristic weights (see ``heuristic`` and ``spider_extra`` in wispsolve.c), tuned by benchmarks/tune_weights.py.
# Spider family: face-down card, empty pile (bonus), break in rank, break in suit only, finished run (bonus),
# undealt card, depth (best-first only), deal's ordering score, King resting on a card, top card with nowhere
# to go, card above its own suited successor, pile with face-down cards, run that moves as one above face-down
# cards (the last two only where runs in suit move, where they were measured: docs/solver.md, "Digging").
SUITED_RUN_WEIGHTS = (14, 2, 8, 14, 60, 1, 0, 0, 3, 2, 2, 2, 4)
ANY_RUN_WEIGHTS = (24, 2, 16, 14, 60, 1, 0, 0, 2, 2, 2)
# Forty Thieves family: card left, break, empty pile (bonus), buried waste card.
FORTY_WEIGHTS = (4, 3, 2, 4, 0, 0, 0, 0)


def default_weights(position: Position) -> tuple[int, ...]:
    """The heuristic's weights for this game's family (docs/solver.md)."""
    spec = position.spec
    if not spec.removes_runs:
        return FORTY_WEIGHTS
    return SUITED_RUN_WEIGHTS if spec.movable is Movable.SUITED_RUN else ANY_RUN_WEIGHTS


ALGORITHMS = ("beam", "restarts", "dfs", "best-first")
FINAL_DFS = 300  # positions per beam member in a depth-first last stage (tuned on Black Widow)
WASTE_FIRST_DFS = 200_000  # waste games: the complete depth-first search before the beams (proves lost trees)


@dataclass(frozen=True)
class Strategy:
    """How the core searches; ``default_strategy`` gives the tuned one for a game (docs/solver.md).

    ``beam``: a small complete depth-first search, then stage beam searches, ``beam_tries`` at each width
    from ``beam_width`` up (growing by ``beam_growth`` percent), the later tries with weights jittered by
    up to ``beam_jitter`` percent. ``restarts``: randomized depth-first restarts of ``restart_chunk``
    positions, growing. ``dfs`` and ``best-first``: one complete search each, for experiments.
    """

    algorithm: str = "beam"
    weights: tuple[int, ...] = SUITED_RUN_WEIGHTS
    noise: int = 600  # random spread added to move-ordering scores
    seed: int = 0
    restart_chunk: int = 2000  # restarts: the first restart's size; beam: the depth-first search tried first
    beam_width: int = 8
    stage_cap: int = 200  # positions explored per unit of width in a stage with stock left
    final_cap: int = 1000  # the same once the stock is used up
    beam_growth: int = 400
    beam_tries: int = 6
    beam_jitter: int = 50
    final_dfs: int = 0  # > 0: the stage after the last deal is a depth-first search this big per beam member
    novelty: int = 1000  # added to the priority of a stage position that shows no new card-on-card fact
    stall: int = 300  # once a beam left something out: a line of the last two stages ends after this many without gain
    whole_runs: bool = True  # once a beam left something out: no move takes part of a run off the card it moves with

    def __post_init__(self) -> None:
        if self.algorithm not in ALGORITHMS:
            raise ValueError(f"unknown search algorithm {self.algorithm!r} (one of {', '.join(ALGORITHMS)})")


def default_strategy(position: Position) -> Strategy:
    """The tuned strategy: stage beams, after a small complete depth-first search (docs/solver.md).

    Two-deck games where any run moves (Black Widow) end each beam with depth-first searches: measured
    better there, worse in every other game. Waste games (a stage is the play between two draws) first run
    a larger depth-first search, which proves lost trees of that size, and give up no line (the stall
    rule settled one Waxing Moon deal fewer there). Runs stay whole (``whole_runs``) only where runs in suit
    move: where any run moves, taking part of a run onto a card of its own suit builds toward a finished run.
    """
    spec = position.spec
    final_dfs = FINAL_DFS if spec.movable is Movable.ANY_RUN and spec.deck.copies > 1 else 0
    first_dfs = WASTE_FIRST_DFS if spec.has_waste else Strategy.restart_chunk
    stall = 0 if spec.has_waste else Strategy.stall
    return Strategy(algorithm="beam", weights=default_weights(position), final_dfs=final_dfs, restart_chunk=first_dfs,
                    stall=stall, whole_runs=spec.movable is Movable.SUITED_RUN)


def encode_spec(position: Position, strategy: Strategy | None = None, *, transpositions: bool = True,
                ordering: bool = True, dominance: bool = True) -> ctypes.Array:
    """The game's rules and the search settings as the integers the core reads (see ``load`` in wispsolve.c)."""
    spec = position.spec
    st = strategy or default_strategy(position)
    weights = (tuple(st.weights) + (0,) * 16)[:16]
    movable = {Movable.SUITED_RUN: 0, Movable.ANY_RUN: 1, Movable.SINGLE_CARD: 2}[spec.movable]
    single = st.algorithm in ("dfs", "best-first")
    values = [
        spec.piles, spec.deck.top_rank, int(spec.build is Build.ANY_SUIT), movable,
        int(spec.empty_pile is EmptyPile.ANY), int(spec.has_waste), int(spec.removes_runs),
        int(spec.deal_needs_no_empty_pile), spec.foundation_piles if not spec.removes_runs else 0,
        int(spec.foundation_to_tableau), int(spec.ace_between_foundations),
        int(transpositions), int(ordering), int(dominance and ace_to_foundation_is_sound(spec)),
        int(st.algorithm == "best-first"), *weights[:8], st.noise, st.seed, 0 if single else st.restart_chunk,
        st.beam_width if st.algorithm == "beam" else 0, st.stage_cap, st.final_cap, *weights[8:16],
        st.beam_growth, st.beam_tries, st.beam_jitter, st.final_dfs, int(dominance and forty_dead_test_is_sound(spec)),
        int(dominance and spider_dead_test_is_sound(spec)), st.novelty, st.stall, int(st.whole_runs),
    ]
    return (ctypes.c_int32 * len(values))(*values)


def encode_position(position: Position) -> bytes:
    """The position as the byte layout the core reads (see ``load`` in wispsolve.c)."""
    out = bytearray()
    for pile in position.tableau:
        out += bytes([len(pile.down), len(pile.up), *pile.down, *pile.up])
    out += bytes([len(position.waste), *position.waste])
    out += bytes([len(position.stock), *position.stock])
    tops: list[Card] = [p[-1] if p else 0 for p in position.foundations]
    out += bytes([len(tops), *tops, len(position.finished)])
    return bytes(out)


def decode_move(code: int) -> Move:
    """An encoded core move as an engine ``Move``."""
    kind = _KINDS[code >> 24 & 0xFF]
    src, dst, count = code >> 16 & 0xFF, code >> 8 & 0xFF, code & 0xFF
    if kind == "t2t":
        return Move(f"t{src}", f"t{dst}", count)
    if kind == "t2f":
        return Move(f"t{src}", f"f{dst}")
    if kind == "w2t":
        return Move("waste", f"t{dst}")
    if kind == "w2f":
        return Move("waste", f"f{dst}")
    if kind == "f2t":
        return Move(f"f{src}", f"t{dst}")
    if kind == "f2f":
        return Move(f"f{src}", f"f{dst}")
    return DEAL if kind == "deal" else DRAW


def native_legal_moves(position: Position) -> list[Move]:
    """Every legal move as the C core generates it (for differential tests)."""
    lib = load()
    if lib is None:
        raise RuntimeError("the C solver core is not available")
    blob = encode_position(position)
    out = (ctypes.c_int32 * 8192)()
    n = lib.wisp_moves(encode_spec(position), (ctypes.c_uint8 * len(blob)).from_buffer_copy(blob), len(blob),
                       out, 8192)
    if n < 0:
        raise ValueError("the C core could not read this position")
    return [decode_move(out[i]) for i in range(n)]


def native_hopeless(position: Position) -> bool:
    """Whether the core's dead-position test for the game's family finds the position lost (for tests)."""
    lib = load()
    if lib is None:
        raise RuntimeError("the C solver core is not available")
    if not (forty_dead_test_is_sound(position.spec) or spider_dead_test_is_sound(position.spec)):
        raise ValueError(f"no dead-position test applies to {position.spec.key}")
    blob = encode_position(position)
    code = lib.wisp_hopeless(encode_spec(position), (ctypes.c_uint8 * len(blob)).from_buffer_copy(blob), len(blob))
    if code < 0:
        raise ValueError("the C core could not read this position")
    return bool(code)
