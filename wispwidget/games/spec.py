"""A game described as data: the rules engine reads nothing else.

Each rule is a small enumeration, so a new variant is a new ``GameSpec`` value,
never a new code path in the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from ..cards import Deck


class Build(str, Enum):
    """Which card may be laid on a tableau pile's top card (always one rank lower)."""

    ANY_SUIT = "any-suit"
    SAME_SUIT = "same-suit"


class Movable(str, Enum):
    """Which groups of face-up cards may move together from the top of a pile."""

    SUITED_RUN = "suited-run"  # the top card, or a run in one suit (Spider, Wisp Standard)
    ANY_RUN = "any-run"  # any run, whatever the suits (Black Widow, Wisp Relaxed)
    SINGLE_CARD = "single-card"  # the top card only (Forty Thieves family)


class EmptyPile(str, Enum):
    """What an empty tableau pile accepts."""

    ANY = "any"
    TOP_RANK_ONLY = "top-rank-only"  # a King (or the mini deck's highest rank)


class Stock(str, Enum):
    """What pressing the stock does."""

    DEAL_TO_PILES = "deal-to-piles"  # one card face up on each pile, pile 0 first
    DRAW_TO_WASTE = "draw-to-waste"  # one card onto the waste; no redeal


class Foundations(str, Enum):
    """How cards reach the foundations."""

    REMOVE_RUNS = "remove-runs"  # a finished suited run top-rank..Ace leaves by itself
    BUILD_UP_IN_SUIT = "build-up-in-suit"  # Ace up in suit, played by moves


@dataclass(frozen=True)
class GameSpec:
    """The complete rules of one game variant.

    ``layout`` gives, per tableau pile, ``(face_down, face_up)`` card counts at
    the deal; the rest of the shuffled deck is the stock.
    """

    game: str
    variant: str
    name: str
    deck: Deck
    layout: tuple[tuple[int, int], ...]
    build: Build
    movable: Movable
    empty_pile: EmptyPile
    stock: Stock
    foundations: Foundations
    deal_needs_no_empty_pile: bool = True
    foundation_piles: int = 0  # only for BUILD_UP_IN_SUIT
    foundation_to_tableau: bool = False
    ace_between_foundations: bool = False
    description: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        dealt = sum(down + up for down, up in self.layout)
        if dealt > self.deck.size:
            raise ValueError(f"{self.key}: the piles need {dealt} cards but the deck has only {self.deck.size}")
        if any(up < 1 and down > 0 for down, up in self.layout):
            raise ValueError(f"{self.key}: a pile with face-down cards needs a face-up card on top")
        if self.foundations is Foundations.BUILD_UP_IN_SUIT and self.foundation_piles < 1:
            raise ValueError(f"{self.key}: building foundations need foundation_piles >= 1")

    @property
    def key(self) -> str:
        """``game/variant``, the catalogue key."""
        return f"{self.game}/{self.variant}"

    @property
    def piles(self) -> int:
        """Number of tableau piles."""
        return len(self.layout)

    @property
    def has_waste(self) -> bool:
        """True for games whose stock draws onto a waste pile."""
        return self.stock is Stock.DRAW_TO_WASTE

    @property
    def has_face_down(self) -> bool:
        """True when the deal puts any card face down."""
        return any(down for down, _ in self.layout)

    @property
    def removes_runs(self) -> bool:
        """True for the Spider family, where finished runs leave by themselves."""
        return self.foundations is Foundations.REMOVE_RUNS

    @property
    def stock_size(self) -> int:
        """Cards left in the stock after the deal."""
        return self.deck.size - sum(down + up for down, up in self.layout)
