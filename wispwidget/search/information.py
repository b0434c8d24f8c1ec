"""What a player can know of a game: ``InformationSet``, the unseen cards, the key of the visible state.

Its own module so that the players (``players.py``) and the planner (``planner.py``) both read it and neither
imports the other for it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..cards import Card
from ..engine.game import Game
from ..engine.move import Move
from ..engine.position import Pile, Position, finished_run_cards
from ..games.spec import GameSpec
from . import ordering


@dataclass(frozen=True)
class InformationSet:
    """What a player can know of a game."""

    spec: GameSpec
    piles: tuple[tuple[int, tuple[Card, ...]], ...]  # (face-down count, face-up cards) per pile
    stock_count: int
    waste: tuple[Card, ...]
    finished: tuple[int, ...]
    foundations: tuple[tuple[Card, ...], ...]
    unseen: tuple[Card, ...]  # every card not visible, sorted: the face-down cards and the stock, in some order
    legal_moves: tuple[Move, ...]

    @classmethod
    def of(cls, game: Game) -> InformationSet:
        """The information set of a game (the referee calls this; players never see ``game``)."""
        unseen = unseen_cards(game.spec, game.up, game.waste, game.foundations, game.finished)
        return cls(
            spec=game.spec,
            piles=tuple((len(d), tuple(u)) for d, u in zip(game.down, game.up)),
            stock_count=len(game.stock),
            waste=tuple(game.waste),
            finished=tuple(game.finished),
            foundations=tuple(tuple(p) for p in game.foundations),
            unseen=tuple(sorted(unseen.elements())),
            legal_moves=tuple(game.legal_moves()),
        )

    @property
    def is_won(self) -> bool:
        """Every card has left the tableau, the stock and the waste."""
        return not self.stock_count and not self.waste and not any(down or up for down, up in self.piles)

    @property
    def view(self) -> ordering.View:
        """What the ordering score reads of this information set (``search/ordering.py``)."""
        return ordering.View(self.piles, self.waste[-1] if self.waste else None, self.spec.removes_runs,
                             self.spec.deck.top_rank)

    @property
    def key(self) -> tuple:
        """A key of the visible state."""
        return self.piles, self.stock_count, self.waste, tuple(sorted(self.finished)), self.foundations

    def sorted_position(self) -> Position:
        """A position of what is visible, its hidden places filled with the unseen cards in sorted order: the
        order says nothing of where each card is (what the C planner is given)."""
        return self._fill(list(self.unseen))

    def sample(self, rng: random.Random) -> Position:
        """A full position consistent with what is visible: the unseen cards dealt at random into the hidden places."""
        cards = list(self.unseen)
        rng.shuffle(cards)
        return self._fill(cards)

    def _fill(self, cards: list[Card]) -> Position:
        """The position with ``cards`` dealt, in order, into the face-down places (pile by pile) and the stock."""
        at = 0
        tableau = []
        for down, up in self.piles:
            tableau.append(Pile(tuple(cards[at:at + down]), up))
            at += down
        return Position(spec=self.spec, tableau=tuple(tableau), stock=tuple(cards[at:at + self.stock_count]),
                        waste=self.waste, finished=self.finished, foundations=self.foundations)


def unseen_cards(spec: GameSpec, up: Iterable[Sequence[Card]], waste: Sequence[Card],
                 foundations: Iterable[Sequence[Card]], finished: Sequence[int]) -> Counter[Card]:
    """The cards of the deck not visible: not face up on a pile, in the waste, on a foundation or in a finished run."""
    seen: Counter[Card] = Counter(waste)
    for cards in (*up, *foundations):
        seen.update(cards)
    seen.update(finished_run_cards(finished, spec.deck.top_rank))
    return spec.deck.counts() - seen


def visible_key(game: Game) -> tuple:
    """``InformationSet.of(game).key``, without building the information set (for searches that play many moves)."""
    return (tuple((len(down), tuple(up)) for down, up in zip(game.down, game.up)), len(game.stock), tuple(game.waste),
            tuple(sorted(game.finished)), tuple(tuple(p) for p in game.foundations))
