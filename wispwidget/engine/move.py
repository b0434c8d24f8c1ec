"""Moves and the locations they name (``t0``…, ``f0``…, ``waste``, ``stock``, ``tableau``)."""

from __future__ import annotations

from typing import NamedTuple

from ..limits import echo

TABLEAU = "tableau"
STOCK = "stock"
WASTE = "waste"

MAX_PILES = 64
#: No move carries more cards than this (a two-deck game has 104); larger counts are refused, not looped over.
MAX_COUNT = 1000
TABLEAU_IDS = tuple(f"t{i}" for i in range(MAX_PILES))
FOUNDATION_IDS = tuple(f"f{i}" for i in range(MAX_PILES))


class Move(NamedTuple):
    """One move: ``count`` cards from ``source`` to ``target``.

    A Spider-family deal is ``Move("stock", "tableau")``; a Forty Thieves draw is
    ``Move("stock", "waste")``. ``count`` is only ever above 1 for a
    tableau-to-tableau move.
    """

    source: str
    target: str
    count: int = 1  # type: ignore[assignment]  # (shadows tuple.count, as a NamedTuple field may)

    def __str__(self) -> str:
        if self.source == STOCK:
            return "deal" if self.target == TABLEAU else "draw"
        cards = f" ({self.count} cards)" if self.count > 1 else ""
        return f"{self.source} to {self.target}{cards}"

    @property
    def is_stock(self) -> bool:
        """True for a deal or a draw."""
        return self.source == STOCK


DEAL = Move(STOCK, TABLEAU)
DRAW = Move(STOCK, WASTE)


def parse_location(text: str) -> tuple[str, int]:
    """Split a location into a kind (``t``, ``f``, ``waste``, ``stock``, ``tableau``) and index.

    Raises ``ValueError`` for anything else. Indexes are not range-checked here.
    """
    if not isinstance(text, str):
        raise ValueError(f"a location is a string such as 't3', not {echo(text)}")
    if text in (WASTE, STOCK, TABLEAU):
        return text, -1
    if 2 <= len(text) <= 4 and text[0] in "tf" and text[1:].isdigit() and text[1:].isascii():
        if len(text) > 2 and text[1] == "0":
            raise ValueError(f"{text!r} is not a location (no leading zeros)")
        return text[0], int(text[1:])
    raise ValueError(f"{echo(text)} is not a location (t0..tN, f0..f7, waste, stock, tableau)")

