"""Deal numbers and the daily deal, identical on every platform and Python version.

The generator is SplitMix64 (Steele, Lea & Flood, 2014), seeded with the deal
number; the shuffle is Fisher–Yates from the last card down, each index drawn
without bias by rejection (``docs/formats.md`` gives the exact steps). Nothing
here uses Python's ``random`` module, whose algorithms may change.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import re

from ..cards import Card
from ..errors import WispError
from ..games.catalogue import get_game
from ..games.spec import GameSpec
from ..limits import MAX_SEED, echo
from ..limits import check_seed as _check_seed
from .position import Pile, Position, settled

_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")

MASK64 = (1 << 64) - 1
__all__ = ["MASK64", "MAX_SEED", "SplitMix64", "check_seed", "daily_seed", "deal_position", "parse_date", "shuffled"]


class SplitMix64:
    """The SplitMix64 generator: 64-bit state, 64-bit outputs."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, by rejecting outputs from the incomplete last block."""
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next()
            if value < limit:
                return value % n


def shuffled(cards: list[Card], seed: int) -> list[Card]:
    """The cards shuffled by deal number ``seed`` (Fisher–Yates, last index first)."""
    cards = list(cards)
    rng = SplitMix64(seed)
    for i in range(len(cards) - 1, 0, -1):
        j = rng.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def check_seed(seed: object) -> int:
    """Return ``seed`` if it is a valid deal number (0 .. 2**64-1), else raise ``WispError`` (``limits``)."""
    return _check_seed(seed)


def deal_position(spec: GameSpec, seed: int) -> Position:
    """The starting position of deal number ``seed``.

    The shuffled deck is laid out pile by pile, pile 0 first: each pile's
    face-down cards bottom first, then its face-up cards; what is left is the
    stock, in the order it will be dealt. Then what the rules make happen by itself happens (``settled``: a
    finished run dealt on top of a pile leaves, and the card under it turns), so every deal is a valid position.
    """
    cards = shuffled(spec.deck.cards(), check_seed(seed))
    at = 0
    tableau = []
    for down, up in spec.layout:
        tableau.append(Pile(tuple(cards[at:at + down]), tuple(cards[at + down:at + down + up])))
        at += down + up
    foundations = ((),) * spec.foundation_piles if not spec.removes_runs else ()
    return settled(Position(spec=spec, tableau=tuple(tableau), stock=tuple(cards[at:]), foundations=foundations))


def daily_seed(date: _dt.date | str, game: str | GameSpec = "will-o-the-wisp", variant: str | None = None) -> int:
    """The deal number for a date: the first 8 bytes of SHA-256 of ``"game/variant/YYYY-MM-DD"``."""
    spec = get_game(game, variant)
    day = parse_date(date)
    digest = hashlib.sha256(f"{spec.key}/{day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def parse_date(text: _dt.date | str) -> _dt.date:
    """A day: a ``datetime.date`` (a ``datetime``'s date), ``YYYY-MM-DD`` or ``today``; anything else raises
    ``WispError`` with the bad value."""
    if isinstance(text, _dt.datetime):
        return text.date()
    if isinstance(text, _dt.date):
        return text
    if text == "today":
        return _dt.date.today()
    if not isinstance(text, str) or not _DATE.fullmatch(text):
        raise WispError(f"{echo(text)} is not a date (expected YYYY-MM-DD or today)")
    try:
        return _dt.date.fromisoformat(text)
    except ValueError:
        raise WispError(f"{echo(text)} is not a date (expected YYYY-MM-DD or today)") from None
