"""Any game position as a textbook search problem (AIMA 4th ed., section 3.1.1).

``Problem`` gives the initial state, the moves to explore from a state (and the
ones a pruning rule removes), the result of a move, the goal test and the state
key; ``HEURISTICS`` are estimates of the moves still needed.

It walks the same ``Game`` moves the table and the tuned solver use. The
pruning switches are the sound rules of docs/solver.md, each named so a trace
can say which rule removed which successor.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..engine.game import Game
from ..engine.move import Move
from ..engine.position import Position
from ..games.soundness import ace_to_foundation_is_sound, piles_are_interchangeable
from .ordering import ordered, view_of

if TYPE_CHECKING:
    from .solver import CancelToken

Heuristic = Callable[[Game], float]

PRUNING_RULES = ("relabel", "first-empty", "ace-to-foundation")


def h_zero(game: Game) -> float:
    """0 everywhere: A* becomes uniform-cost search (admissible)."""
    return 0.0


def h_deals_left(game: Game) -> float:
    """Deals still needed to empty the stock (admissible: one deal moves at most one card per pile)."""
    if game.spec.has_waste:
        return float(len(game.stock) + len(game.waste) + sum(map(len, game.up)))
    return float(math.ceil(len(game.stock) / game.spec.piles))


def h_cards_left(game: Game) -> float:
    """Forty Thieves family: cards not yet on a foundation (admissible: each needs a move of its own).

    Spider family: the deals left plus the face-down cards divided by twice the number of piles (a lower bound:
    each deal is a move, and the moves that turn every card are at least that many).
    """
    if game.spec.has_waste or not game.spec.removes_runs:
        return float(len(game.stock) + len(game.waste) + sum(map(len, game.up)))
    down = sum(map(len, game.down))
    return float(math.ceil(len(game.stock) / game.spec.piles)) + (down // (2 * game.spec.piles))


def h_disorder(game: Game) -> float:
    """Face-down cards, breaks in runs and cards left: informative but not admissible."""
    total = 0.0
    for down, up in zip(game.down, game.up):
        total += 2 * len(down)
        for below, above in itertools.pairwise(up):
            if below >> 2 != (above >> 2) + 1 or below & 3 != above & 3:
                total += 1
    total += len(game.stock) / max(1, game.spec.piles) + len(game.waste) / 2
    if game.foundations:
        total += sum(map(len, game.up)) / 4
    return total


HEURISTICS: dict[str, Heuristic] = {
    "zero": h_zero,
    "deals-left": h_deals_left,
    "cards-left": h_cards_left,
    "disorder": h_disorder,
}
ADMISSIBLE = {"zero", "deals-left", "cards-left"}


@dataclass
class SearchProblem:
    """A search problem from ``start`` (also exported as ``Problem``).

    States are immutable ``Position``s; the methods that look at a state take
    the ``Game`` built on it (``game_at``), which is how the engine reads moves.

    ``pruning`` names the sound pruning rules to apply (all by default);
    ``ordering`` sorts successors most promising first; a search on the problem stops at its next expansion
    once ``cancel`` (a ``CancelToken``, set from any thread) is cancelled.
    """

    start: Position
    pruning: frozenset[str] = field(default_factory=lambda: frozenset(PRUNING_RULES))
    ordering: bool = False
    cancel: CancelToken | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        unknown = set(self.pruning) - set(PRUNING_RULES)
        if unknown:
            raise ValueError(f"unknown pruning rule(s) {sorted(unknown)}; known: {', '.join(PRUNING_RULES)}")
        self.pruning = frozenset(self.pruning)

    def game(self) -> Game:
        """A fresh game at the start position."""
        return Game(self.start, validate=False)

    @property
    def initial(self) -> Position:
        """The initial state."""
        return self.start

    @staticmethod
    def game_at(state: Position) -> Game:
        """A game at ``state``, to read its moves and play them."""
        return Game(state, validate=False)

    @staticmethod
    def goal_test(state: Position) -> bool:
        """Won: every card has left the table."""
        return state.is_won

    @staticmethod
    def is_goal(game: Game) -> bool:
        """Won: every card has left the table."""
        return game.is_won()

    def key(self, game: Game) -> tuple:
        """A state key; piles are sorted once their order can no longer matter (as in the tuned solver)."""
        piles = tuple(zip((tuple(d) for d in game.down), (tuple(u) for u in game.up)))
        if piles_are_interchangeable(game.spec, len(game.stock)):
            piles = tuple(sorted(piles))
        foundations = tuple(sorted(p[-1] if p else 0 for p in game.foundations))
        return piles, len(game.stock), tuple(game.waste), foundations

    def successors(self, game: Game) -> tuple[list[Move], list[tuple[Move, str]]]:
        """The moves to explore, and the moves removed by a pruning rule (with the rule's name)."""
        moves = game.legal_moves()
        kept: list[Move] = []
        pruned: list[tuple[Move, str]] = []
        symmetric = piles_are_interchangeable(game.spec, len(game.stock))
        if "ace-to-foundation" in self.pruning and ace_to_foundation_is_sound(game.spec):
            aces = (m for m in moves if m.target[0] == "f" and m.source[0] in "tw" and _moving_card(game, m) >> 2 == 1)
            ace = next(aces, None)
            if ace is not None:
                return [ace], [(m, "ace-to-foundation") for m in moves if m != ace]
        first_empty_used: set[tuple[str, int]] = set()
        empty_foundation_used: set[str] = set()
        for move in moves:
            rule = None
            if symmetric and move.target[0] == "t" and not game.up[int(move.target[1:])]:
                whole = move.source[0] == "t" and move.count == len(game.up[int(move.source[1:])]) and \
                    not game.down[int(move.source[1:])]
                if whole and "relabel" in self.pruning:
                    rule = "relabel"
                elif "first-empty" in self.pruning:
                    tag = (move.source, move.count)
                    if tag in first_empty_used:
                        rule = "first-empty"
                    first_empty_used.add(tag)
            if rule is None and move.source[0] == "f" and move.target[0] == "f" and "relabel" in self.pruning:
                rule = "relabel"
            if (rule is None and move.target[0] == "f" and move.source[0] != "f" and "relabel" in self.pruning
                    and not game.foundations[int(move.target[1:])]):  # empty foundations are alike: the first
                if move.source in empty_foundation_used:
                    rule = "relabel"
                empty_foundation_used.add(move.source)
            if rule is None:
                kept.append(move)
            else:
                pruned.append((move, rule))
        if self.ordering:
            kept = ordered(view_of(game), kept)
        return kept, pruned


def _moving_card(game: Game, move: Move) -> int:
    if move.source == "waste":
        return game.waste[-1]
    if move.source[0] == "t":
        up = game.up[int(move.source[1:])]
        return up[-move.count]
    return game.foundations[int(move.source[1:])][-1]


Problem = SearchProblem
