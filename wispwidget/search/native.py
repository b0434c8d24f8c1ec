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
from pathlib import Path

from ..cards import Card
from ..engine.move import DEAL, DRAW, Move
from ..engine.position import Position
from ..games.spec import Build, EmptyPile, Movable, Stock
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
    return lib


# -- encoding --------------------------------------------------------------------------


def dominance_is_sound(position: Position) -> bool:
    """Whether "an Ace always goes to a foundation at once" is sound for this game (docs/solver.md)."""
    spec = position.spec
    if spec.removes_runs or not spec.foundation_piles:
        return False
    aces = len(spec.deck.suits) * spec.deck.copies
    deal_blocked = spec.stock is Stock.DEAL_TO_PILES and spec.deal_needs_no_empty_pile
    return spec.foundation_piles >= aces and not deal_blocked


SPIDER_WEIGHTS = (12, 6, 5, 2, 60, 1, 0, 0)
FORTY_WEIGHTS = (4, 3, 2, 2, 0, 0, 0, 0)


def default_weights(position: Position) -> tuple[int, ...]:
    """The best-first heuristic's weights for this game family (docs/solver.md)."""
    return SPIDER_WEIGHTS if position.spec.removes_runs else FORTY_WEIGHTS


def encode_spec(position: Position, *, transpositions: bool = True, ordering: bool = True,
                dominance: bool = True, algorithm: str = "dfs", weights: tuple[int, ...] | None = None,
                noise: int = 600, seed: int = 0, restart_chunk: int = 2000) -> ctypes.Array:
    """The game's rules and the search settings as the integers the core reads.

    The defaults are the tuned strategy (docs/solver.md): randomized depth-first restarts of
    ``restart_chunk`` positions, growing. ``restart_chunk=0`` gives one complete search, depth-first
    or ``algorithm="best-first"`` (guided by ``weights``), for experiments.
    """
    spec = position.spec
    movable = {Movable.SUITED_RUN: 0, Movable.ANY_RUN: 1, Movable.SINGLE_CARD: 2}[spec.movable]
    values = [
        spec.piles, spec.deck.top_rank, int(spec.build is Build.ANY_SUIT), movable,
        int(spec.empty_pile is EmptyPile.ANY), int(spec.has_waste), int(spec.removes_runs),
        int(spec.deal_needs_no_empty_pile), spec.foundation_piles if not spec.removes_runs else 0,
        int(spec.foundation_to_tableau), int(spec.ace_between_foundations),
        int(transpositions), int(ordering), int(dominance and dominance_is_sound(position)),
        int(algorithm == "best-first"),
        *(weights or default_weights(position)), noise, seed, restart_chunk,
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
