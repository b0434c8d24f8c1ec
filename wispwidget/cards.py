"""Cards and decks.

A card is a small int, ``rank << 2 | suit``: ranks run 1 (Ace) to 13 (King) and
suits index ``"CDHS"``. Ints keep the engine and solver fast; the text form
(``"7H"``) is for people and files. Two-deck games simply hold each int twice.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

RANK_CHARS = "A23456789TJQK"
SUIT_CHARS = "CDHS"
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RED_SUITS = frozenset("DH")

Card = int


def make_card(rank: int, suit: int) -> Card:
    """The card of ``rank`` (1 = Ace … 13 = King) and suit index ``suit`` (0..3)."""
    return rank << 2 | suit


def rank_of(card: Card) -> int:
    """The card's rank, 1 (Ace) to 13 (King)."""
    return card >> 2


def suit_of(card: Card) -> int:
    """The card's suit index into ``SUIT_CHARS``."""
    return card & 3


def card_str(card: Card) -> str:
    """The canonical two-character text of a card, e.g. ``"TS"``."""
    return RANK_CHARS[(card >> 2) - 1] + SUIT_CHARS[card & 3]


def parse_card(text: object) -> Card:
    """Read a card such as ``"7H"``, ``"10s"`` or ``"th"``.

    Raises ``ValueError`` naming the bad text; callers add where it stood.
    """
    if not isinstance(text, str):
        raise ValueError(f"a card must be a string like '7H', not {text!r}")
    upper = text.upper()
    rank_text, suit_text = upper[:-1], upper[-1:]
    if rank_text == "10":
        rank_text = "T"
    if len(rank_text) != 1 or rank_text not in RANK_CHARS or not suit_text or suit_text not in SUIT_CHARS:
        raise ValueError(f"{text!r} is not a card (rank A23456789TJQK then suit CDHS, e.g. '7H')")
    return make_card(RANK_CHARS.index(rank_text) + 1, SUIT_CHARS.index(suit_text))


@dataclass(frozen=True)
class Deck:
    """A deck description: the ranks Ace..``top_rank`` of ``suits``, ``copies`` times over."""

    suits: str = SUIT_CHARS
    top_rank: int = 13
    copies: int = 1

    def __post_init__(self) -> None:
        if not self.suits or any(s not in SUIT_CHARS for s in self.suits) or len(set(self.suits)) != len(self.suits):
            raise ValueError(f"deck suits must be distinct letters of {SUIT_CHARS!r}, not {self.suits!r}")
        if not 1 <= self.top_rank <= 13:
            raise ValueError(f"the deck's top rank must be 1 (Ace) to 13 (King), not {self.top_rank}")
        if self.copies < 1:
            raise ValueError(f"the deck needs at least 1 copy, not {self.copies}")

    def cards(self) -> list[Card]:
        """Every card of the deck in a fixed order: by copy, suit (as listed), then rank."""
        return [
            make_card(rank, SUIT_CHARS.index(suit))
            for _ in range(self.copies)
            for suit in self.suits
            for rank in range(1, self.top_rank + 1)
        ]

    def counts(self) -> Counter[Card]:
        """How many times each card occurs in the deck."""
        return Counter(self.cards())

    @property
    def size(self) -> int:
        """Number of cards in the deck."""
        return len(self.suits) * self.top_rank * self.copies

    def describe(self) -> str:
        """A short human description, e.g. ``"2 decks"`` or ``"A-6 of SH"``."""
        if self.suits == SUIT_CHARS and self.top_rank == 13:
            return "1 deck" if self.copies == 1 else f"{self.copies} decks"
        ranks = f"A-{RANK_CHARS[self.top_rank - 1]}"
        times = "" if self.copies == 1 else f" x{self.copies}"
        return f"{ranks} of {self.suits}{times}"
