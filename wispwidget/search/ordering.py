"""The one Python move-ordering score: how promising a move looks from what a person can see.

It reads a *view* of a position: for each tableau pile, how many cards are face down and which are face up
(``InformationSet.piles`` is such a view; ``view_of(game)`` makes one from a ``Game``). The teaching search's
move ordering, the Python solver's ordering and the honest players' choices all use ``move_score``; the C core
orders moves with its own tuned scores (``rules.c``), for speed.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card
from ..engine.game import Game
from ..engine.move import Move

View = Sequence[tuple[int, Sequence[Card]]]  # per pile: (face-down count, face-up cards bottom first)

TO_FOUNDATION = 2000  # a card going home
TURNS_A_CARD = 1000  # the move takes every face-up card off face-down ones: one turns
IN_SUIT = 300  # laid on the next rank of its own suit
TO_EMPTY_PILE = -300  # uses up an empty pile
FROM_STOCK = -1000  # a deal or draw: after everything else


def view_of(game: Game) -> View:
    """The view of a game's tableau (face-down counts and face-up cards), as an ``InformationSet`` holds it."""
    return tuple(zip(map(len, game.down), game.up))


def move_score(view: View, move: Move) -> int:
    """Higher for a move that looks more promising: to a foundation, then turning a card, then building in suit;
    lower for using an empty pile; lowest for the stock."""
    if move.source == "stock":
        return FROM_STOCK
    if move.target[0] == "f":
        return TO_FOUNDATION
    score = 0
    if move.source[0] == "t":
        down, up = view[int(move.source[1:])]
        if move.count == len(up) and down:
            score += TURNS_A_CARD
        card = up[-move.count]
        target = view[int(move.target[1:])][1] if move.target[0] == "t" else ()
        if target and target[-1] & 3 == card & 3:
            score += IN_SUIT
        if not target:
            score += TO_EMPTY_PILE
    return score


def ordered(view: View, moves: Sequence[Move]) -> list[Move]:
    """``moves`` most promising first (a stable sort: equal scores keep the engine's order)."""
    return sorted(moves, key=lambda move: move_score(view, move), reverse=True)
