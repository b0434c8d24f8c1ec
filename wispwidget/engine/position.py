"""Positions: immutable, validated snapshots of any game's state."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from ..cards import SUIT_CHARS, Card, card_str, make_card, rank_of, suit_of
from ..errors import InvalidPositionError
from ..games.spec import GameSpec


@dataclass(frozen=True)
class Pile:
    """One tableau pile: face-down cards, then face-up cards, each bottom first."""

    down: tuple[Card, ...] = ()
    up: tuple[Card, ...] = ()

    @property
    def top(self) -> Card | None:
        """The pile's top card, or None when the pile is empty."""
        return self.up[-1] if self.up else None

    def __len__(self) -> int:
        return len(self.down) + len(self.up)


@dataclass(frozen=True)
class Position:
    """A complete state of one game.

    ``stock`` lists cards in the order they will be dealt. ``finished`` holds the
    suits (indexes into ``"CDHS"``) of the runs that left a Spider-family
    table, in the order they left; ``foundations`` holds the Forty-Thieves
    foundation piles, bottom first.
    """

    spec: GameSpec
    tableau: tuple[Pile, ...]
    stock: tuple[Card, ...] = ()
    waste: tuple[Card, ...] = ()
    finished: tuple[int, ...] = ()
    foundations: tuple[tuple[Card, ...], ...] = ()

    def cards(self) -> Counter[Card]:
        """Every card of the position, the finished runs included, with multiplicity."""
        count: Counter[Card] = Counter()
        for pile in self.tableau:
            count.update(pile.down)
            count.update(pile.up)
        count.update(self.stock)
        count.update(self.waste)
        for foundation in self.foundations:
            count.update(foundation)
        count.update(finished_run_cards(self.finished, self.spec.deck.top_rank))
        return count

    @property
    def is_won(self) -> bool:
        """All cards have left the tableau, stock and waste."""
        return not self.stock and not self.waste and not any(self.tableau)

    def validate(self) -> Position:
        """Check the position is well formed; return it, or raise ``InvalidPositionError``."""
        spec = self.spec
        if len(self.tableau) != spec.piles:
            raise InvalidPositionError(f"tableau: {spec.name} has {spec.piles} piles, not {len(self.tableau)}")
        for i, pile in enumerate(self.tableau):
            if pile.down and not pile.up:
                raise InvalidPositionError(f"tableau[{i}]: a face-down card is on top (up is empty, down is not)")
            if pile.down and not spec.has_face_down:
                raise InvalidPositionError(f"tableau[{i}].down: {spec.name} has no face-down cards")
        if self.waste and not spec.has_waste:
            raise InvalidPositionError(f"waste: {spec.name} has no waste pile")
        self._validate_foundations()
        self._validate_deck()
        if spec.removes_runs:
            for i, pile in enumerate(self.tableau):
                if finished_run_on_top(pile.up, spec.deck.top_rank):
                    suit = SUIT_CHARS[suit_of(pile.up[-1])]
                    raise InvalidPositionError(f"tableau[{i}].up: finished run of {suit} on top (it would have left)")
        return self

    def _validate_foundations(self) -> None:
        spec = self.spec
        if spec.removes_runs:
            if self.foundations:
                raise InvalidPositionError("foundations: expected suits of finished runs, e.g. [\"S\", \"H\"]")
            for i, suit in enumerate(self.finished):
                if SUIT_CHARS[suit] not in spec.deck.suits:
                    raise InvalidPositionError(f"foundations[{i}]: suit {SUIT_CHARS[suit]!r} is not in this deck")
            return
        if self.finished:
            raise InvalidPositionError("foundations: expected one list of cards per foundation pile")
        if len(self.foundations) != spec.foundation_piles:
            raise InvalidPositionError(
                f"foundations: {spec.name} has {spec.foundation_piles} foundation piles, not {len(self.foundations)}"
            )
        for i, pile in enumerate(self.foundations):
            for j, card in enumerate(pile):
                if rank_of(card) != j + 1 or suit_of(card) != suit_of(pile[0]):
                    raise InvalidPositionError(
                        f"foundations[{i}][{j}]: {card_str(card)} breaks the pile (Ace up in one suit)"
                    )

    def _validate_deck(self) -> None:
        have, want = self.cards(), self.spec.deck.counts()
        if have == want:
            return
        deck = self.spec.deck.describe()
        for card in sorted(have):
            h, w = have[card], want.get(card, 0)
            if h > w:
                what = "is not in this deck" if w == 0 else f"appears {h} times; the deck has {w}"
                raise InvalidPositionError(f"{card_str(card)} {what} ({deck})")
        for card in sorted(want):
            h, w = have.get(card, 0), want[card]
            if h < w:
                raise InvalidPositionError(f"{card_str(card)} is missing: the deck ({deck}) has {w}, the position {h}")


def finished_run_cards(suits, top_rank: int) -> list[Card]:
    """The cards of the finished runs of ``suits`` (each Ace to ``top_rank``)."""
    return [make_card(rank, suit) for suit in suits for rank in range(1, top_rank + 1)]


def settle_pile(down: list[Card], up: list[Card], spec: GameSpec) -> list[tuple[str, int]]:
    """What happens to a pile by itself (rules.md): a finished run on top leaves, then a face-down top card
    turns, again until neither applies. Changes ``down`` and ``up`` in place; returns the effects in order,
    ``("remove", suit)`` or ``("turn", 0)``."""
    effects: list[tuple[str, int]] = []
    top = spec.deck.top_rank
    while True:
        if spec.removes_runs and finished_run_on_top(up, top):
            effects.append(("remove", up[-1] & 3))
            del up[-top:]
        elif not up and down:
            up.append(down.pop())
            effects.append(("turn", 0))
        else:
            return effects


def settled(position: Position) -> Position:
    """``position`` after what the rules make happen by itself on every pile (a deal's finished runs leave)."""
    piles, finished = [], list(position.finished)
    for pile in position.tableau:
        down, up = list(pile.down), list(pile.up)
        finished += [suit for kind, suit in settle_pile(down, up, position.spec) if kind == "remove"]
        piles.append(Pile(tuple(down), tuple(up)))
    return replace(position, tableau=tuple(piles), finished=tuple(finished))


def finished_run_on_top(up: tuple[Card, ...] | list[Card], top_rank: int) -> bool:
    """True when the top ``top_rank`` face-up cards run in one suit from the top rank down to the Ace."""
    if len(up) < top_rank:
        return False
    ace = up[-1]
    if ace >> 2 != 1:
        return False
    for k in range(2, top_rank + 1):
        if up[-k] != ace + 4 * (k - 1):
            return False
    return True
