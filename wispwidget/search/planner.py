"""The no-peek planner: an honest player's next plan, chosen by the C core without reading a hidden card.

A *plan* is what a person does between two looks at something new: moves that only rearrange visible cards,
then one move that reveals (a deal, a draw, or a move that leaves a face-down card on top, so it turns). The
core (``_native/planner.c``, docs/honest-play.md) finds the plans reachable from what is visible, weighs the
most promising over what their reveal may show (a plan that turns one card: every card it may turn, each with
its share of the unseen cards; a deal: the hidden cards dealt at random into their places several times), and
keeps the plan after whose reveal the position can most likely be put in the best order (the solver's
heuristic, read from face-up cards only).

It is handed an ``InformationSet``, never a ``Game``: the core gets a position whose hidden cards stand in
sorted order (``InformationSet.sorted_position``), which says nothing of where each one is.
"""

from __future__ import annotations

import ctypes
from dataclasses import dataclass, fields, replace
from typing import Any

from ..engine.game import Game
from ..engine.move import Move
from ..engine.position import Position
from ..errors import WispError
from ..limits import check_int, check_time_limit
from . import native
from .information import InformationSet
from .solver import CancelToken, SolverDefect


@dataclass(frozen=True)
class PlanSettings:
    """How the planner looks (each field is the ``wisp_plan_settings`` field of the same name, wisp.h).

    Measured on Will o' the Wisp Standard's tuning deals (``benchmarks/planner_settings.py``,
    docs/honest-play.md): weighing a turn exactly gains two points; a wider search for plans, more plans weighed
    or more arrangements than eight add nothing measurable; looking past the reveal (``look_past``) gains on
    Standard at ten times the seconds, and letting the solver choose once few cards are hidden (``solve_hidden``)
    a little more. ``PlanSettings()`` are those defaults for every game;
    ``PlanSettings.for_game(game)`` adds what was measured better for one game (``GAME_SETTINGS``), and is what
    the player and ``plan`` use when no settings are given.
    """

    root_positions: int = 3000  # positions the search from what is visible examines for plans
    stuck_positions: int = 90_000  # the same, once more, when the first search found no plan
    turn_plans: int = 8  # plans that turn a card weighed in full (the best by the heuristic)
    deal_plans: int = 8  # plans that deal or draw weighed in full
    worlds: int = 8  # arrangements of the hidden cards each plan is weighed in
    after_positions: int = 300  # positions searched after a plan's revealing move, in each arrangement
    exact_turns: int = 1  # 1: a plan that turns one card is weighed over every card it may show, not sampled
    caution: int = 0  # 0: a plan's value is the mean of its costs; T > 0: their soft maximum at temperature T
    dig_first: int = 0  # 1: no plan that deals is weighed while a plan that turns a card is in reach
    shortest_positions: int = 100_000  # positions the search for the fewest moves to the chosen plan examines
    look_past: int = 0  # 0: off; N: the best plans weighed again by the best next plan's value, in N arrangements
    look_plans: int = 3  # how many of the best plans look_past weighs again
    solve_hidden: int = 0  # 0: off; H: with at most H cards hidden, the plan the solver wins most often from
    solve_positions: int = 5_000  # positions each of solve_hidden's solves examines (one per plan and arrangement)
    seed: int = 0  # the planner's random seed
    weights: tuple[int, ...] = ()  # the heuristic's weights for the planner's cost; () the game's own (the solver's)

    def __post_init__(self) -> None:
        for name, low in (("root_positions", 1), ("stuck_positions", 0), ("turn_plans", 0), ("deal_plans", 0),
                          ("worlds", 1), ("after_positions", 0), ("caution", 0), ("shortest_positions", 0),
                          ("look_past", 0), ("look_plans", 1), ("solve_hidden", 0), ("solve_positions", 1)):
            check_int(getattr(self, name), name, low, 10_000_000)
        check_int(self.exact_turns, "exact_turns", 0, 1)
        check_int(self.dig_first, "dig_first", 0, 1)
        check_int(self.seed, "seed", 0, 2**31 - 1)
        if not isinstance(self.weights, tuple) or len(self.weights) > native.WEIGHTS:
            raise WispError(f"weights: a tuple of at most {native.WEIGHTS} whole numbers")
        for weight in self.weights:
            check_int(weight, "a weight", -10_000, 10_000)
        if self.turn_plans + self.deal_plans < 1:
            raise WispError("the planner must weigh at least one plan (turn_plans + deal_plans)")

    @classmethod
    def for_game(cls, game: str, **changes: Any) -> PlanSettings:
        """The defaults with ``game``'s own changes (``GAME_SETTINGS``; ``game`` as ``GameSpec.game``, or
        ``GameSpec.key`` to add its variant's own as well), then ``changes``."""
        return cls(**{**GAME_SETTINGS.get(game.split("/")[0], {}), **GAME_SETTINGS.get(game, {}), **changes})

    @classmethod
    def changes(cls, text: str) -> dict[str, Any]:
        """Changes to the settings written ``field=N,field=N`` (weights as ``weights=a/b/c``), as the benchmarks
        take them: ``"caution=15,weights=24/2/16/24"`` gives ``{"caution": 15, "weights": (24, 2, 16, 24)}``."""
        changes: dict[str, Any] = {}
        for part in filter(None, text.split(",")):
            name, _, value = part.partition("=")
            if name not in {f.name for f in fields(cls)}:
                raise WispError(f"no planner setting is called {name!r}")
            try:
                changes[name] = tuple(int(w) for w in value.split("/")) if name == "weights" else int(value)
            except ValueError:
                raise WispError(f"{part!r}: a setting is written field=N (weights=a/b/c)") from None
        return changes

    def encode_spec(self, position: Position) -> native.WispSpec:
        """The core's spec of ``position``, with these ``weights`` (if any) in place of the game's own."""
        strategy = native.default_strategy(position)
        if self.weights:
            strategy = replace(strategy, weights=self.weights)
        return native.encode_spec(position, strategy)


GAME_SETTINGS: dict[str, dict[str, Any]] = {  # measured on deals 1-1000 by the referee: docs/honest-play.md
    # Black Widow digs first, and a break in suit costs the planner 24 (the solver's any-run weights say 14,
    # under a break in rank's 16): only a run in one suit ever leaves, and a run of mixed suits over face-down
    # cards buries them. Dig first alone won 242 of deals 1-1000 (the defaults 186); with the weight, 361.
    "black-widow": {"dig_first": 1, "weights": (*native.ANY_RUN_WEIGHTS[:3], 24, *native.ANY_RUN_WEIGHTS[4:])},
    # Will o' the Wisp Standard weighs its best 3 plans again by the best next plan's value after each reveal
    # (look_past, 8 arrangements): 292 of deals 1-1000 where the one-plan value won 275; and with at most 20
    # cards hidden the solver chooses among the plans (solve_hidden, 5,000 positions a solve): 306.
    "will-o-the-wisp/standard": {"look_past": 8, "solve_hidden": 20},
}


WON_VALUE = -1_000_000_000  # Plan.value of a plan whose last move wins the game (planner.c's WON_COST)


@dataclass(frozen=True)
class Plan:
    """What one call of the planner found.

    ``moves`` ends with the move that reveals (or wins); it is empty when nothing is hidden (the solver's
    turn) or when no reachable move reveals anything (the player is stuck). ``found`` plans were found,
    ``weighed`` of them, those that turn one card over ``cards`` of the cards it may show (all of them unless
    time ran out; the same cards for every plan), the others in ``worlds`` arrangements; ``value`` is the chosen
    plan's mean heuristic cost after its reveal (lower is better); ``positions`` counts every search's
    expansions; ``solved``: in how many arrangements the solver weighed the plans (``solve_hidden``; 0: it did
    not, and the choice is the heuristic's).
    """

    moves: tuple[Move, ...]
    found: int
    weighed: int
    worlds: int
    positions: int
    value: int
    cards: int
    solved: int = 0


class PlannerUnavailable(WispError, RuntimeError):
    """The C core cannot plan here (it is missing, or the game is beyond it); the sentence says why."""


def _settings(settings: PlanSettings) -> native.WispPlanSettings:
    out = native.WispPlanSettings(version=native.ABI_VERSION, size=ctypes.sizeof(native.WispPlanSettings))
    for name, *_ in native.PLAN_FIELDS:
        setattr(out, name, getattr(settings, name))
    return out


def plan(info: InformationSet, settings: PlanSettings | None = None, *, time_limit: float | None = None,
         cancel: CancelToken | None = None) -> Plan:
    """The planner's next plan from what ``info`` shows (``settings`` None: the game's own, ``for_game``).

    ``time_limit`` bounds the seconds (the plans are then weighed over fewer cards or arrangements, at least one);
    ``cancel`` stops it at once (``WispError``: cancelled). Raises ``PlannerUnavailable`` where the C core is
    missing or cannot take the game, and ``SolverDefect`` if the plan did not replay (a bug).
    """
    settings = settings or PlanSettings.for_game(info.spec.key)
    time_limit = check_time_limit(time_limit)
    lib = native.load()
    if lib is None:
        raise PlannerUnavailable(f"the C core is not available: {native.why_unavailable}")
    position = info.sorted_position()
    reason = native.refusal(position)
    if reason:
        raise PlannerUnavailable(reason)
    spec = settings.encode_spec(position)
    blob = native.encode_position(position)
    data = (ctypes.c_uint8 * len(blob)).from_buffer_copy(blob)
    capacity = 4096
    out, stats = (ctypes.c_int32 * capacity)(), native.WispPlanStats()
    flag = cancel._flag if cancel is not None else ctypes.c_int32(0)
    code = lib.wisp_plan(ctypes.byref(spec), ctypes.byref(_settings(settings)), data, len(blob),
                         float(time_limit or 0.0), ctypes.byref(flag), out, capacity, ctypes.byref(stats))
    if code == native.C["WISP_PLAN_CANCELLED"]:
        raise WispError("the planner was cancelled")
    if code < 0:
        raise RuntimeError(f"the C planner failed: {native.FAILURES.get(code, f'code {code}')}")
    moves = tuple(native.decode_move(out[i]) for i in range(code))
    _check(position, moves)
    return Plan(moves, int(stats.plans), int(stats.weighed), int(stats.worlds), int(stats.positions),
                int(stats.value), int(stats.cards), int(stats.solved))


def _check(position: Position, moves: tuple[Move, ...]) -> None:
    """Every move of a plan is legal and only the last reveals a card: raise ``SolverDefect`` otherwise."""
    game = Game(position, validate=False)
    for index, move in enumerate(moves):
        reason = game.why_illegal(move)
        if reason is not None:
            raise SolverDefect(f"plan move {index} ({move}) does not replay: {reason}")
        hidden = _hidden(game)
        game.push(move)
        if index < len(moves) - 1 and _hidden(game) != hidden:
            raise SolverDefect(f"plan move {index} ({move}) reveals a card before the plan's last move")


def _hidden(game: Game) -> int:
    """How many cards are hidden: face down, or in the stock."""
    return sum(map(len, game.down)) + len(game.stock)
