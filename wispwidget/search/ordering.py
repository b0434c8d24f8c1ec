"""The one move-ordering score: how promising a move looks from what a person can see.

It reads a ``View`` of a position: for each tableau pile, how many cards are face down and which are face up,
the waste's top card, and two facts of the rules. ``view_of(game)`` makes one from a ``Game`` and
``InformationSet.view`` from what a player knows. The teaching search, the Python solver and the honest players
order moves with ``move_score``; it is the statement of the C core's ordering (``score_t2t`` and ``gen_moves``
in rules.c), and tests/test_native_ordering.py checks that the two give every explored move the same score.
The core adds a little seeded noise to break ties and may tune the deal's score (``Strategy.weights[7]``);
neither is part of the statement.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..cards import Card, rank_of, suit_of
from ..engine.game import Game
from ..engine.move import STOCK, TABLEAU, WASTE, Move

Pile = tuple[int, Sequence[Card]]  # (face-down count, face-up cards bottom first)

TO_FOUNDATION = 2000  # a card going home (less its rank: low cards first)
TURNS_A_CARD = 1000  # the move takes every face-up card off face-down ones: one turns
IN_SUIT = 300  # laid on a card of its own suit
FINISHES_A_RUN = 5000  # (runs leave the table) it makes a whole run of one suit, King to Ace
EMPTIES_A_PILE = 500  # every card of the pile goes onto another card
TO_EMPTY_PILE = -300  # uses up an empty pile
BREAKS_A_SUITED_RUN = -800  # takes a card off its own suit's next rank
LEAVES_A_BUILD = -500  # takes a card off the next rank of another suit, not for its own suit
TRADES_FOR_SUIT = 100  # takes a card off another suit's next rank and lays it on its own suit
FROM_WASTE = 200  # the waste's top card onto the tableau
FROM_FOUNDATION = -600  # a card back down from a foundation
DRAW = -800  # turn a stock card onto the waste
DEAL = -1000  # deal a row: after everything else


class View(NamedTuple):
    """What the score reads: the tableau as a player sees it, the waste's top card and two facts of the rules."""

    piles: Sequence[Pile]
    waste_top: Card | None
    removes_runs: bool  # finished runs leave the table (the Spider family)
    top_rank: int  # a run is whole from this rank down to the Ace


def view_of(game: Game) -> View:
    """The view of a game: face-down counts and face-up cards, the waste's top card, the rules' two facts."""
    spec = game.spec
    return View(tuple(zip(map(len, game.down), game.up)), game.waste[-1] if game.waste else None,
                spec.removes_runs, spec.deck.top_rank)


def suited_run(up: Sequence[Card]) -> int:
    """How many face-up cards on top of a pile form one run in one suit (0 when none is face up)."""
    k = 1 if up else 0
    while k < len(up) and rank_of(up[-k - 1]) == rank_of(up[-k]) + 1 and suit_of(up[-k - 1]) == suit_of(up[-k]):
        k += 1
    return k


def move_score(view: View, move: Move) -> int:
    """Higher for a move that looks more promising: finishing a run, a card going home, turning a card,
    building in suit; lower for breaking a build, using an empty pile, and the stock."""
    if move.source == STOCK:
        return DEAL if move.target == TABLEAU else DRAW
    if move.source == WASTE:
        assert view.waste_top is not None
        return TO_FOUNDATION - rank_of(view.waste_top) if move.target[0] == "f" else FROM_WASTE
    if move.source[0] == "f":
        return FROM_FOUNDATION
    down, up = view.piles[int(move.source[1:])]
    if move.target[0] == "f":
        return TO_FOUNDATION - rank_of(up[-1])
    return _tableau_score(view, down, up, view.piles[int(move.target[1:])][1], move.count)


def _tableau_score(view: View, down: int, up: Sequence[Card], target: Sequence[Card], count: int) -> int:
    card = up[-count]
    score = count
    if count == len(up) and down:
        score += TURNS_A_CARD
    if not target:
        score += TO_EMPTY_PILE
    else:
        if suit_of(target[-1]) == suit_of(card):
            score += IN_SUIT
            if view.removes_runs and suited_run(up[-count:]) == count \
                    and suited_run(target) + count >= view.top_rank:
                score += FINISHES_A_RUN
        if count == len(up) and not down:
            score += EMPTIES_A_PILE
    if count < len(up):
        under = up[-count - 1]
        if rank_of(under) == rank_of(card) + 1:
            if suit_of(under) == suit_of(card):
                score += BREAKS_A_SUITED_RUN
            elif target and suit_of(target[-1]) == suit_of(card):
                score += TRADES_FOR_SUIT
            else:
                score += LEAVES_A_BUILD
    return score


def ordered(view: View, moves: Sequence[Move]) -> list[Move]:
    """``moves`` most promising first (a stable sort: equal scores keep the engine's order)."""
    return sorted(moves, key=lambda move: move_score(view, move), reverse=True)
