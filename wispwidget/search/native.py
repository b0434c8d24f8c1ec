"""The C solver core (``wispwidget/_native/*.c``, ABI in ``wisp.h``), loaded with ctypes.

The library is compiled when the package is installed (``hatch_build.py``). If it is missing or older than
its sources, it is compiled on first use into a cache folder. ``load()`` returns None, and the solver uses
its pure-Python search over the engine, when there is no C compiler or when the library's ABI (its
``wisp_abi`` version and struct sizes) is not the one ``wisp.h`` describes; the second is said once, in a
warning.

The ctypes mirror of ``wisp_spec`` and the constants are read from ``wisp.h`` itself (its
``WISP_SPEC_FIELDS`` list and enums), so a new search setting is one line there and one field of
``Strategy`` here. Rule values are encoded through explicit tables that refuse an enum member they do not
know (``NativeRefusal``), and ``refusal(position)`` says in one sentence why a game or position is beyond the
core's limits before anything is encoded.

The test build (``load_test_hooks()``, compiled with ``-DWISP_TEST_HOOKS``) adds ``wisp_moves``,
``wisp_apply`` and ``wisp_hopeless`` for the differential tests; the product library has none of them.
"""

from __future__ import annotations

import ctypes
import os
import re
import subprocess
import threading
import warnings
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from ..cards import Card
from ..engine.move import DEAL, DRAW, Move
from ..engine.position import Position
from ..errors import WispError
from ..games.soundness import (
    ace_to_foundation_is_sound,
    draw_then_play_is_sound,
    forty_dead_test_is_sound,
    spider_dead_test_is_sound,
    worry_back_then_use_is_sound,
)
from ..games.spec import Build, EmptyPile, Foundations, Movable, Stock
from ._build import compile_core, library_name

NATIVE_DIR = Path(__file__).resolve().parent.parent / "_native"
HEADER = NATIVE_DIR / "wisp.h"
SOURCE = NATIVE_DIR  # the core is every .c file of this folder (library_name hashes them all)


class NativeRefusal(WispError, ValueError):
    """The C core cannot take this game, position or setting (the pure-Python solver can)."""


# -- the ABI, read from wisp.h ---------------------------------------------------------------

_CTYPES: dict[str, Any] = {"int32_t": ctypes.c_int32, "uint32_t": ctypes.c_uint32, "int64_t": ctypes.c_int64}


def _field_list(text: str, constants: dict[str, int], name: str) -> list[tuple[str, Any, int]]:
    """The fields (name, ctypes type, count) of one ``#define NAME(F, A)`` list of wisp.h."""
    block = re.search(rf"#define {name}\(F, A\)(.*?)\n\n", text, re.S)
    if block is None:
        raise ImportError(f"{HEADER} has no {name} list")
    found: list[tuple[str, Any, int]] = []
    for kind, args in re.findall(r"\b([FA])\((\w+, \w+(?:, \w+)?),", block.group(1)):
        parts = [p.strip() for p in args.split(",")]
        count = constants[parts[2]] if kind == "A" and not parts[2].isdigit() else int(parts[2]) if kind == "A" else 1
        found.append((parts[1], _CTYPES[parts[0]], count))
    return found


def _int64_fields(text: str, struct: str) -> list[str]:
    """The field names of a wisp.h struct of int64_t fields."""
    body = re.search(rf"typedef struct {struct} \{{(.*?)\}}", text, re.S)
    return re.findall(r"int64_t (\w+);", body.group(1)) if body else []


def _read_header(text: str) -> tuple[dict[str, int], list[tuple[str, Any, int]], list[str], list[tuple[str, Any, int]],
                                     list[str]]:
    """wisp.h's integer constants, the spec's fields (name, ctypes type, count), the stats' field names, and
    the same two for the planner's settings and stats."""
    constants: dict[str, int] = {}
    for name, value in re.findall(r"#define\s+(WISP_\w+)\s+(-?\d+)\s*$", text, re.M):
        constants[name] = int(value)
    for body in re.findall(r"enum\s+\w+\s*\{(.*?)\}", text, re.S):
        for name, value in re.findall(r"(WISP_\w+)\s*=\s*(-?\d+)", body):
            constants[name] = int(value)
    return (constants, _field_list(text, constants, "WISP_SPEC_FIELDS"), _int64_fields(text, "wisp_stats"),
            _field_list(text, constants, "WISP_PLAN_FIELDS"), _int64_fields(text, "wisp_plan_stats"))


C, SPEC_FIELDS, STATS_FIELDS, PLAN_FIELDS, PLAN_STATS_FIELDS = _read_header(HEADER.read_text())
ABI_VERSION = C["WISP_ABI_VERSION"]
WEIGHTS = C["WISP_WEIGHTS"]


_SPEC_LAYOUT: list[tuple[str, Any]] = [("version", ctypes.c_uint32), ("size", ctypes.c_uint32)] + [
    (name, kind * count if count > 1 else kind) for name, kind, count in SPEC_FIELDS]


class WispSpec(ctypes.Structure):
    """``wisp_spec``: the game's rules, the pruning switches and the search settings (wisp.h)."""

    _fields_ = _SPEC_LAYOUT


class WispStats(ctypes.Structure):
    """``wisp_stats``: what a solve measured (wisp.h)."""

    _fields_ = [(name, ctypes.c_int64) for name in STATS_FIELDS]


class WispPlanSettings(ctypes.Structure):
    """``wisp_plan_settings``: the no-peek planner's settings (wisp.h, planner.c)."""

    _fields_ = [("version", ctypes.c_uint32), ("size", ctypes.c_uint32)] + [
        (name, kind * count if count > 1 else kind) for name, kind, count in PLAN_FIELDS]


class WispPlanStats(ctypes.Structure):
    """``wisp_plan_stats``: what a plan measured (wisp.h)."""

    _fields_ = [(name, ctypes.c_int64) for name in PLAN_STATS_FIELDS]


_SIZES = ("version", "spec_size", "stats_size", "info_size", "plan_settings_size", "plan_stats_size")


class WispAbiInfo(ctypes.Structure):
    """``wisp_abi_info``: the library's ABI version, struct sizes and limits (wisp.h)."""

    _fields_ = [(n, ctypes.c_uint32) for n in _SIZES] + [
        (n, ctypes.c_int32) for n in ("max_piles", "max_cards", "max_foundations", "max_stream", "max_moves",
                                      "max_rank")]


RESULT_NAMES = {C["WISP_LOST"]: "lost", C["WISP_WON"]: "won", C["WISP_UNKNOWN"]: "unknown",
                C["WISP_CANCELLED"]: "cancelled"}
FAILURES = {C["WISP_ERROR"]: "out of memory, or a line longer than the room for it",
            C["WISP_BAD_SPEC"]: "the spec's version, size or one of its values is not one the core knows",
            C["WISP_BAD_POSITION"]: "the position bytes do not read as a position of this game",
            C["WISP_TOO_BIG"]: "the game or the budget is beyond the core's limits"}
_KINDS = ("t2t", "t2f", "w2t", "w2f", "f2t", "f2f", "deal", "draw")

# -- loading ---------------------------------------------------------------------------------

_lock = threading.Lock()
_libraries: dict[str, ctypes.CDLL | None] = {}
LIMITS: WispAbiInfo | None = None  # the loaded library's limits
why_unavailable = ""  # set when load() returns None: why, in one sentence


def _cache_dir() -> Path:
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "wispwidget"


def abi_mismatch(lib: ctypes.CDLL) -> str:
    """Why a library's ABI is not the one this module speaks, or "" when it is."""
    try:
        abi = lib.wisp_abi
    except AttributeError:
        return "it has no wisp_abi entry point (an older core)"
    info = WispAbiInfo()
    abi.argtypes, abi.restype = [ctypes.POINTER(WispAbiInfo)], None
    abi(ctypes.byref(info))
    if info.version != ABI_VERSION:  # an older core's info is shorter: read nothing past its version
        return f"it speaks ABI {info.version}, where wisp.h says ABI {ABI_VERSION}"
    expected = (ABI_VERSION, ctypes.sizeof(WispSpec), ctypes.sizeof(WispStats), ctypes.sizeof(WispAbiInfo),
                ctypes.sizeof(WispPlanSettings), ctypes.sizeof(WispPlanStats))
    found = tuple(getattr(info, name) for name in _SIZES)
    if found != expected:
        return (f"its structs have {', '.join(map(str, found[1:]))} bytes, where wisp.h says "
                f"{', '.join(map(str, expected[1:]))}")
    return ""


def _bind(lib: ctypes.CDLL, hooks: bool) -> ctypes.CDLL:
    global LIMITS
    mismatch = abi_mismatch(lib)
    if mismatch:
        raise ImportError(mismatch)
    info = WispAbiInfo()
    lib.wisp_abi(ctypes.byref(info))
    LIMITS = info
    spec_p, u8p, i32p = ctypes.POINTER(WispSpec), ctypes.POINTER(ctypes.c_uint8), ctypes.POINTER(ctypes.c_int32)
    lib.wisp_solve.argtypes = [spec_p, u8p, ctypes.c_int64, ctypes.c_int64, ctypes.c_double, i32p, i32p,
                               ctypes.c_int64, ctypes.POINTER(WispStats)]
    lib.wisp_solve.restype = ctypes.c_int
    lib.wisp_plan.argtypes = [spec_p, ctypes.POINTER(WispPlanSettings), u8p, ctypes.c_int64, ctypes.c_double, i32p,
                              i32p, ctypes.c_int64, ctypes.POINTER(WispPlanStats)]
    lib.wisp_plan.restype = ctypes.c_int
    lib.wisp_fewest_moves.argtypes = [spec_p, u8p, ctypes.c_int64, u8p, ctypes.c_int64, ctypes.c_int64,
                                      ctypes.c_int32, i32p, ctypes.c_int64]
    lib.wisp_fewest_moves.restype = ctypes.c_int
    if hooks:
        lib.wisp_plan_selfplay.argtypes = [spec_p, spec_p, ctypes.POINTER(WispPlanSettings), u8p,
                                           ctypes.c_int64, ctypes.c_int64, i32p]
        lib.wisp_plan_selfplay.restype = ctypes.c_int
        lib.wisp_moves.argtypes = [spec_p, u8p, ctypes.c_int64, i32p, ctypes.c_int64]
        lib.wisp_moves.restype = ctypes.c_int
        lib.wisp_explored_moves.argtypes = [spec_p, u8p, ctypes.c_int64, i32p, i32p, ctypes.c_int64]
        lib.wisp_explored_moves.restype = ctypes.c_int
        lib.wisp_apply.argtypes = [spec_p, u8p, ctypes.c_int64, ctypes.c_int32, u8p, ctypes.c_int64]
        lib.wisp_apply.restype = ctypes.c_int
        lib.wisp_hopeless.argtypes = [spec_p, u8p, ctypes.c_int64]
        lib.wisp_hopeless.restype = ctypes.c_int
        lib.wisp_key.argtypes = [spec_p, u8p, ctypes.c_int64, ctypes.c_int32, u8p, ctypes.c_int64]
        lib.wisp_key.restype = ctypes.c_int
        lib.wisp_test_offsets.argtypes, lib.wisp_test_offsets.restype = [ctypes.c_int64], ctypes.c_int
        lib.wisp_test_canary.argtypes, lib.wisp_test_canary.restype = [ctypes.c_int32], ctypes.c_int
    return lib


def _load(flavour: str) -> ctypes.CDLL | None:
    global why_unavailable
    with _lock:
        if flavour in _libraries:
            return _libraries[flavour]
        _libraries[flavour] = None
        if os.environ.get("WISPWIDGET_PURE_PYTHON"):
            why_unavailable = "WISPWIDGET_PURE_PYTHON is set"
            return None
        hooks = flavour == "test"
        chosen = os.environ.get("WISPWIDGET_CORE_LIBRARY")  # an explicit build (the sanitizer test's)
        paths: list[Path] = [Path(chosen)] if chosen else []
        if not chosen:
            name = library_name(NATIVE_DIR, flavour, _flags(hooks))
            paths = [folder / name for folder in (NATIVE_DIR, _cache_dir()) if (folder / name).exists()]
            for folder in (NATIVE_DIR, _cache_dir()):
                if paths:
                    break
                try:
                    paths.append(compile_core(NATIVE_DIR, folder, test_hooks=hooks))
                except (OSError, subprocess.CalledProcessError) as exc:
                    why_unavailable = f"the C core could not be compiled ({exc})"
        for path in paths:
            try:
                _libraries[flavour] = _bind(ctypes.CDLL(str(path)), hooks)
                return _libraries[flavour]
            except (OSError, AttributeError, ImportError) as exc:
                why_unavailable = f"the C core at {path} cannot be used: {exc}"
                warnings.warn(f"wispwidget: {why_unavailable}; the pure-Python solver is used instead",
                              RuntimeWarning, stacklevel=3)
        return None


def _flags(hooks: bool) -> list[str]:
    from ._build import CFLAGS, TEST_FLAGS

    return [*CFLAGS, *(TEST_FLAGS if hooks else [])]


def load() -> ctypes.CDLL | None:
    """The product core, compiling it if needed; None without a compiler or with a library of another ABI."""
    return _load("")


def load_test_hooks() -> ctypes.CDLL | None:
    """The test build of the core (the product's entry points plus ``wisp_moves``, ``wisp_apply``,
    ``wisp_hopeless``), for tests; None where the product core would be None."""
    return _load("test")


# Heuristic weights (see ``heuristic`` and ``spider_extra`` in heuristic.c), tuned by benchmarks/tune_weights.py.
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

    Each field is the ``wisp_spec`` field of the same name (wisp.h), encoded by ``encode_spec``.

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


# -- encoding ----------------------------------------------------------------------------------

# Each rule's members, as wisp.h names them. A member missing here is refused, never guessed.
BUILDS = {Build.SAME_SUIT: "WISP_BUILD_SAME_SUIT", Build.ANY_SUIT: "WISP_BUILD_ANY_SUIT"}
MOVABLES = {Movable.SUITED_RUN: "WISP_MOVABLE_SUITED_RUN", Movable.ANY_RUN: "WISP_MOVABLE_ANY_RUN",
            Movable.SINGLE_CARD: "WISP_MOVABLE_SINGLE_CARD"}
EMPTY_PILES = {EmptyPile.TOP_RANK_ONLY: "WISP_EMPTY_TOP_RANK_ONLY", EmptyPile.ANY: "WISP_EMPTY_ANY"}
STOCKS = {Stock.DEAL_TO_PILES: "WISP_STOCK_DEAL_TO_PILES", Stock.DRAW_TO_WASTE: "WISP_STOCK_DRAW_TO_WASTE"}
FOUNDATIONS = {Foundations.BUILD_UP_IN_SUIT: "WISP_FOUNDATIONS_BUILD_UP_IN_SUIT",
               Foundations.REMOVE_RUNS: "WISP_FOUNDATIONS_REMOVE_RUNS"}
ALGORITHM_CODES = {"beam": "WISP_ALG_BEAM", "restarts": "WISP_ALG_RESTARTS", "dfs": "WISP_ALG_DFS",
                   "best-first": "WISP_ALG_BEST_FIRST"}
_INT32 = range(-(2**31), 2**31)


def _code(table: dict, value, rule: str) -> int:
    name = table.get(value)
    if name is None:
        raise NativeRefusal(f"the C core does not know the {rule} rule {value!r}")
    return C[name]


def _int32(name: str, value) -> int:
    value = int(value)
    if value not in _INT32:
        raise NativeRefusal(f"the C core takes {name} as a 32-bit integer, not {value}")
    return value


def encode_spec(position: Position, strategy: Strategy | None = None, *, transpositions: bool = True,
                ordering: bool = True, dominance: bool = True, draw_then_play: bool = True,
                worry_back_then_use: bool = True) -> WispSpec:
    """The game's rules, the pruning switches and the search settings as the core's ``wisp_spec``.

    Raises ``NativeRefusal`` for a rule value or setting the core does not know or cannot hold."""
    spec = position.spec
    st = strategy or default_strategy(position)
    out = WispSpec(version=ABI_VERSION, size=ctypes.sizeof(WispSpec))
    rules = {
        "piles": spec.piles, "top_rank": spec.deck.top_rank, "suits": len(spec.deck.suits),
        "copies": spec.deck.copies, "build": _code(BUILDS, spec.build, "build"),
        "movable": _code(MOVABLES, spec.movable, "movable"),
        "empty_pile": _code(EMPTY_PILES, spec.empty_pile, "empty-pile"), "stock": _code(STOCKS, spec.stock, "stock"),
        "foundations": _code(FOUNDATIONS, spec.foundations, "foundations"),
        "deal_needs_no_empty_pile": int(spec.deal_needs_no_empty_pile),
        "foundation_piles": spec.foundation_piles if not spec.removes_runs else 0,
        "foundation_to_tableau": int(spec.foundation_to_tableau),
        "ace_between_foundations": int(spec.ace_between_foundations),
        "transpositions": int(transpositions), "ordering": int(ordering),
        "dominance": int(dominance and ace_to_foundation_is_sound(spec)),
        "dead_test": int(dominance and forty_dead_test_is_sound(spec)),
        "run_test": int(dominance and spider_dead_test_is_sound(spec)),
        "draw_then_play": int(dominance and draw_then_play and draw_then_play_is_sound(spec)),
        "worry_back_then_use": int(dominance and worry_back_then_use and worry_back_then_use_is_sound(spec)),
    }
    for name, value in rules.items():
        setattr(out, name, _int32(name, value))
    for f in fields(Strategy):  # every setting goes to the spec field of its name
        value = getattr(st, f.name)
        if f.name == "algorithm":
            out.algorithm = _code(ALGORITHM_CODES, value, "search algorithm")
        elif f.name == "weights":
            if len(value) > WEIGHTS:
                raise NativeRefusal(f"the C core takes at most {WEIGHTS} weights, not {len(value)}")
            out.weights[:] = [_int32("a weight", w) for w in (*value, *(0,) * (WEIGHTS - len(value)))]
        else:
            setattr(out, f.name, _int32(f.name, value))
    return out


def refusal(position: Position) -> str:
    """Why the C core cannot take this game or position, in one sentence; "" when it can. Checked against the
    loaded core's limits (wisp_abi) before anything is encoded, so nothing is ever cut to fit."""
    lim = LIMITS
    if lim is None:
        return "the C core is not loaded"
    spec = position.spec
    cards = sum(len(p) for p in position.tableau) + len(position.stock) + len(position.waste)
    checks = [
        (spec.piles, lim.max_piles, "tableau piles"),
        (spec.foundation_piles if not spec.removes_runs else 0, lim.max_foundations, "foundation piles"),
        (cards, lim.max_cards, "cards in play"),
        (len(position.stock) + len(position.waste), lim.max_stream, "cards in the stock and waste"),
        (spec.deck.top_rank, lim.max_rank, "ranks"),
        (len(spec.deck.suits) * spec.deck.top_rank * spec.deck.copies, lim.max_cards, "cards in the deck"),
    ]
    for have, most, what in checks:
        if have > most:
            return f"the C core takes at most {most} {what}; {spec.key} has {have}"
    try:
        encode_spec(position)
    except NativeRefusal as exc:
        return str(exc)
    return ""


def encode_position(position: Position) -> bytes:
    """The position as the byte layout the core reads (see entry.c); call ``refusal`` first (bytes hold 0-255)."""
    out = bytearray()
    for pile in position.tableau:
        out += bytes([len(pile.down), len(pile.up), *pile.down, *pile.up])
    out += bytes([len(position.waste), *position.waste])
    out += bytes([len(position.stock), *position.stock])
    tops: list[Card] = [p[-1] if p else 0 for p in position.foundations]
    out += bytes([len(tops), *tops, len(position.finished)])
    return bytes(out)


def _blob(position: Position) -> tuple[ctypes.Array, int]:
    blob = encode_position(position)
    return (ctypes.c_uint8 * len(blob)).from_buffer_copy(blob), len(blob)


# -- memory ----------------------------------------------------------------------------------


def bytes_per_position_bound(position: Position) -> int:
    """An upper bound on the search memory one position takes (docs/solver.md, "Memory"): a table slot (16
    bytes, at most four per key at the table's load) and the key, a node (16 bytes) and its bytes, a beam's
    marks (8), a heap or candidate entry (16), every buffer up to twice its use as buffers double."""
    spec = position.spec
    cards = sum(len(p) for p in position.tableau) + len(position.stock) + len(position.waste)
    waste = 16 + spec.foundation_piles if spec.has_waste else 0
    key = cards + spec.piles + 1 + waste
    state = cards + spec.piles + 2 + waste
    return 4 * 16 + 2 * key + 2 * 16 + 2 * state + 2 * 8 + 2 * 16


def available_memory() -> int | None:
    """Bytes of memory available now (Linux: MemAvailable), or None where that cannot be read."""
    try:
        with open("/proc/meminfo") as handle:
            for line in handle:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return None


def memory_refusal(position: Position, positions: int, per_position: int | None = None,
                   budget: int | None = None) -> str:
    """One sentence when ``positions`` positions (the most a solve with this ``budget`` and time limit can
    reach) could need more memory than is available, else ""."""
    per = per_position or bytes_per_position_bound(position)
    need, have = per * positions, available_memory()
    if have is not None and need > have:
        return (f"a budget of {budget or positions:,} positions could need {need / 2**30:.1f} GiB ({per} bytes per "
                f"position at most), more than the {have / 2**30:.1f} GiB of memory available: give a smaller "
                f"max_positions or a time limit")
    return ""


# -- solving -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class CoreResult:
    """What ``wisp_solve`` returned: ``result`` is lost, won, unknown or cancelled; the line; the stats."""

    result: str
    moves: tuple[Move, ...]
    stats: dict[str, int]


def core_solve(lib: ctypes.CDLL, position: Position, max_positions: int, time_limit: float | None = None,
               flag: ctypes.c_int32 | None = None, strategy: Strategy | None = None, *,
               stats: WispStats | None = None, **switches: bool) -> CoreResult:
    """One call of ``wisp_solve`` (no engine replay: ``solver.solve`` does that). ``stats``, when given, is
    filled as the search goes (``positions`` every 1,024 positions), for another thread to show progress.
    Raises ``NativeRefusal`` for a game the core cannot take and RuntimeError when the core fails."""
    reason = refusal(position)
    if reason:
        raise NativeRefusal(reason)
    spec = encode_spec(position, strategy, **switches)
    blob, size = _blob(position)
    capacity = min(int(max_positions) + 2, 1 << 24)  # a line is never longer than the positions it passed
    out, stats = (ctypes.c_int32 * capacity)(), stats if stats is not None else WispStats()
    flag = flag if flag is not None else ctypes.c_int32(0)
    code = lib.wisp_solve(ctypes.byref(spec), blob, size, int(max_positions), float(time_limit or 0.0),
                          ctypes.byref(flag), out, capacity, ctypes.byref(stats))
    if code not in RESULT_NAMES:
        raise RuntimeError(f"the C solver core failed: {FAILURES.get(code, f'code {code}')}")
    name = RESULT_NAMES[code]
    moves = tuple(decode_move(out[i]) for i in range(stats.line_length)) if name == "won" else ()
    return CoreResult(name, moves, {n: int(getattr(stats, n)) for n in STATS_FIELDS})


def core_fewest_moves(lib: ctypes.CDLL, start: Position, target: Position, max_positions: int,
                      longest: int) -> tuple[Move, ...] | None:
    """One call of ``wisp_fewest_moves``: the fewest moves that reveal nothing from ``start`` to ``target``, or
    None when no way of fewer than ``longest`` moves was found within ``max_positions``. Raises
    ``NativeRefusal`` for a game the core cannot take and RuntimeError when the core fails."""
    reason = refusal(start)
    if reason:
        raise NativeRefusal(reason)
    spec = encode_spec(start)
    (first, first_size), (second, second_size) = _blob(start), _blob(target)
    out = (ctypes.c_int32 * longest)()
    code = lib.wisp_fewest_moves(ctypes.byref(spec), first, first_size, second, second_size, int(max_positions),
                                 int(longest), out, longest)
    if code == C["WISP_NOT_FOUND"]:
        return None
    if code < 0:
        raise RuntimeError(f"the C core's search for fewer moves failed: {FAILURES.get(code, f'code {code}')}")
    return tuple(decode_move(out[i]) for i in range(code))


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


# -- the test build's hooks ------------------------------------------------------------------------


def _test_core(position: Position) -> tuple[ctypes.CDLL, WispAbiInfo]:
    lib = load_test_hooks()
    if lib is None or LIMITS is None:
        raise RuntimeError(f"the C solver core's test build is not available ({why_unavailable})")
    reason = refusal(position)
    if reason:
        raise NativeRefusal(reason)
    return lib, LIMITS


def native_move_codes(position: Position, *, explored: bool = False) -> list[int]:
    """Every legal move as the C core encodes it, or with ``explored`` the moves its search explores (its
    pruning rules applied), in generation order (test build)."""
    return [code for code, _ in _scored_codes(position, explored)]


def _scored_codes(position: Position, explored: bool) -> list[tuple[int, int]]:
    lib, limits = _test_core(position)
    blob, size = _blob(position)
    cap = limits.max_moves
    out, scores = (ctypes.c_int32 * cap)(), (ctypes.c_int32 * cap)()
    spec = ctypes.byref(encode_spec(position))
    n = lib.wisp_explored_moves(spec, blob, size, out, scores, cap) if explored else lib.wisp_moves(
        spec, blob, size, out, cap)
    if n < 0:
        raise ValueError(f"the C core could not read this position: {FAILURES.get(n, n)}")
    return [(out[i], scores[i]) for i in range(n)]


def native_legal_moves(position: Position) -> list[Move]:
    """Every legal move as the C core generates it (for differential tests)."""
    return [decode_move(code) for code in native_move_codes(position)]


def native_explored_moves(position: Position) -> list[Move]:
    """The moves the C core's search explores from ``position``: its pruning rules applied (differential tests)."""
    return [decode_move(code) for code in native_move_codes(position, explored=True)]


def native_move_scores(position: Position) -> dict[Move, int]:
    """The ordering score the C core gives each move its search explores, noise off (test build): its search
    tries higher scores first."""
    return {decode_move(code): score for code, score in _scored_codes(position, explored=True)}


def native_apply(position: Position, code: int) -> bytes:
    """The position after one encoded move, in ``encode_position``'s layout, as the C core plays it (test build)."""
    lib, limits = _test_core(position)
    blob, size = _blob(position)
    cap = 8 * limits.max_cards + 64
    out = (ctypes.c_uint8 * cap)()
    n = lib.wisp_apply(ctypes.byref(encode_spec(position)), blob, size, code, out, cap)
    if n < 0:
        raise ValueError(f"the C core could not apply move {decode_move(code)}: "
                         f"{'not legal' if n == -2 else FAILURES.get(n, n)}")
    return bytes(out[:n])


def native_key(position: Position, *, alike: bool = False) -> bytes:
    """The C core's key of ``position``: pile for pile, or with ``alike`` as its search keeps positions (piles
    and foundations sorted where they are interchangeable) (test build)."""
    lib, limits = _test_core(position)
    blob, size = _blob(position)
    cap = 2 * limits.max_cards + 64
    out = (ctypes.c_uint8 * cap)()
    n = lib.wisp_key(ctypes.byref(encode_spec(position)), blob, size, int(alike), out, cap)
    if n < 0:
        raise ValueError(f"the C core could not read this position: {FAILURES.get(n, n)}")
    return bytes(out[:n])


def native_hopeless(position: Position) -> bool:
    """Whether the core's dead-position test for the game's family finds the position lost (for tests)."""
    if not (forty_dead_test_is_sound(position.spec) or spider_dead_test_is_sound(position.spec)):
        raise ValueError(f"no dead-position test applies to {position.spec.key}")
    lib, _ = _test_core(position)
    blob, size = _blob(position)
    code = lib.wisp_hopeless(ctypes.byref(encode_spec(position)), blob, size)
    if code < 0:
        raise ValueError(f"the C core could not read this position: {FAILURES.get(code, code)}")
    return bool(code)
