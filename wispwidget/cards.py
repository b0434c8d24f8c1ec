"""Cards and decks.

A card is a small int, ``rank << 2 | suit``: ranks run 1 (Ace) to 13 (King) and
suits index ``"CDHS"``. Ints keep the engine and solver fast; the text form
(``"7H"``) is for people and files. Two-deck games simply hold each int twice.
"""

from __future__ import annotations

import reprlib
from collections import Counter
from dataclasses import dataclass

from .errors import FormatError

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


_TEXTS = {make_card(rank, suit): rank_char + suit_char
          for rank, rank_char in enumerate(RANK_CHARS, 1) for suit, suit_char in enumerate(SUIT_CHARS)}


def _shown(value: object) -> str:
    """``value`` as a refusal quotes it, kept short (``limits.echo`` is in a layer this module may not import)."""
    if isinstance(value, int) and not -10**20 < value < 10**20:
        return "a number of more than 20 digits"
    return reprlib.repr(value)


def card_str(card: Card) -> str:
    """The canonical two-character text of a card, e.g. ``"TS"``; ``FormatError`` for anything that is no card."""
    text = _TEXTS.get(card) if isinstance(card, int) and not isinstance(card, bool) else None
    if text is None:
        raise FormatError(f"{_shown(card)} is not a card (a card is rank << 2 | suit, from 4 for AC to 55 for KS)")
    return text


def parse_card(text: object) -> Card:
    """Read a card such as ``"7H"``, ``"10s"`` or ``"th"``.

    Raises ``FormatError`` (a ``ValueError``) naming the bad text; callers add where it stood.
    """
    if not isinstance(text, str):
        raise FormatError(f"a card must be a string like '7H', not {_shown(text)}")
    upper = text.upper()
    rank_text, suit_text = upper[:-1], upper[-1:]
    if rank_text == "10":
        rank_text = "T"
    if len(rank_text) != 1 or rank_text not in RANK_CHARS or not suit_text or suit_text not in SUIT_CHARS:
        raise FormatError(f"{_shown(text)} is not a card (rank A23456789TJQK then suit CDHS, e.g. '7H')")
    return make_card(RANK_CHARS.index(rank_text) + 1, SUIT_CHARS.index(suit_text))


MAX_COPIES = 8  # copies of a deck a game file (wisp-game/1) or the lab may ask for: Spider's two, with room to spare


@dataclass(frozen=True)
class Deck:
    """A deck description: the ranks Ace..``top_rank`` of ``suits``, ``copies`` times over."""

    suits: str = SUIT_CHARS
    top_rank: int = 13
    copies: int = 1

    def __post_init__(self) -> None:
        suits = self.suits
        if not isinstance(suits, str) or not suits or any(s not in SUIT_CHARS for s in suits) or \
                len(set(suits)) != len(suits):
            raise FormatError(f"deck suits must be distinct letters of {SUIT_CHARS!r}, not {_shown(suits)}")
        if isinstance(self.top_rank, bool) or not isinstance(self.top_rank, int) or not 1 <= self.top_rank <= 13:
            raise FormatError(f"the deck's top rank must be 1 (Ace) to 13 (King), not {_shown(self.top_rank)}")
        if isinstance(self.copies, bool) or not isinstance(self.copies, int) or self.copies < 1:
            raise FormatError(f"the deck needs at least 1 copy, not {_shown(self.copies)}")

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
