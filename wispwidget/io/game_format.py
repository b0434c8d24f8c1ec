"""``wisp-game/1``: a ``GameSpec`` (one game's complete rules) as JSON, read strictly and written canonically.

Strict like ``io/formats.py``: duplicate keys, ``NaN``, unknown fields, wrong types (a boolean where a number
belongs), unknown rule values and rules the engine refuses (more cards dealt than the deck holds, ...) are
refused with a ``FormatError`` saying what and where. Reading never touches the catalogue: register the spec
(``wispwidget.register``) to deal it, or read positions of it, by name.
"""

from __future__ import annotations

import re
from enum import Enum
from typing import Any

from ..cards import MAX_COPIES, Deck
from ..errors import FormatError
from ..games.spec import Build, EmptyPile, Foundations, GameSpec, Movable, Stock
from .formats import _format, _kind, _list, _object, _other_format, _string, dump_json, load_json

GAME_FORMAT = "wisp-game/1"
_NAME = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
_ENUMS: dict[str, type[Enum]] = {"build": Build, "movable": Movable, "empty_pile": EmptyPile, "stock": Stock,
                                 "foundations": Foundations}
_REQUIRED = ("format", "game", "variant", "name", "deck", "layout", *_ENUMS)
_OPTIONAL = ("description", "deal_needs_no_empty_pile", "foundation_piles", "foundation_to_tableau",
             "ace_between_foundations")


def _whole(value: Any, where: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise FormatError(f"{where}: expected a whole number, not {_kind(value)}")
    if not low <= value <= high:
        raise FormatError(f"{where}: expected {low} to {high}, not {value}")
    return value


def _flag(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise FormatError(f"{where}: expected true or false, not {_kind(value)}")
    return value


def _id(value: Any, where: str) -> str:
    text = _string(value, where)
    if not _NAME.match(text):
        raise FormatError(f"{where}: {text!r} is not an id (lower-case letters and digits joined by '-')")
    return text


def game_from_dict(doc: Any) -> GameSpec:
    """Read a ``wisp-game/1`` object into a ``GameSpec``."""
    _other_format(doc, GAME_FORMAT, "")  # a position file is named as one, not as a game with unknown fields
    doc = _object(doc, "game", _REQUIRED, _OPTIONAL)
    _format(doc, GAME_FORMAT, "")
    deck_doc = _object(doc["deck"], "deck", ["suits", "top_rank", "copies"])
    suits = _string(deck_doc["suits"], "deck.suits")
    try:
        deck = Deck(suits=suits, top_rank=_whole(deck_doc["top_rank"], "deck.top_rank", 1, 13),
                    copies=_whole(deck_doc["copies"], "deck.copies", 1, MAX_COPIES))
    except ValueError as exc:
        raise FormatError(f"deck: {exc}") from None
    piles = _list(doc["layout"], "layout")
    if not 1 <= len(piles) <= 64:
        raise FormatError(f"layout: expected 1 to 64 piles, not {len(piles)}")
    layout = []
    for i, pile in enumerate(piles):
        pair = _list(pile, f"layout[{i}]")
        if len(pair) != 2:
            raise FormatError(f"layout[{i}]: expected [face_down, face_up], not {len(pair)} numbers")
        layout.append((_whole(pair[0], f"layout[{i}][0]", 0, 128), _whole(pair[1], f"layout[{i}][1]", 0, 128)))
    rules: dict[str, Any] = {}
    for name, enum in _ENUMS.items():
        text = _string(doc[name], name)
        try:
            rules[name] = enum(text)
        except ValueError:
            allowed = ", ".join(repr(m.value) for m in enum)
            raise FormatError(f"{name}: {text!r} is not one of {allowed}") from None
    try:
        return GameSpec(
            game=_id(doc["game"], "game"), variant=_id(doc["variant"], "variant"), name=_string(doc["name"], "name"),
            deck=deck, layout=tuple(layout), **rules,
            deal_needs_no_empty_pile=_flag(doc.get("deal_needs_no_empty_pile", True), "deal_needs_no_empty_pile"),
            foundation_piles=_whole(doc.get("foundation_piles", 0), "foundation_piles", 0, 64),
            foundation_to_tableau=_flag(doc.get("foundation_to_tableau", False), "foundation_to_tableau"),
            ace_between_foundations=_flag(doc.get("ace_between_foundations", False), "ace_between_foundations"),
            description=_string(doc.get("description", ""), "description"),
        )
    except ValueError as exc:  # the spec's own checks: too many cards dealt, a face-down top, no foundations
        raise FormatError(f"rules: {exc}") from None


def game_to_dict(spec: GameSpec) -> dict[str, Any]:
    """The ``wisp-game/1`` object of a spec (always with every field)."""
    return {
        "format": GAME_FORMAT, "game": spec.game, "variant": spec.variant, "name": spec.name,
        "description": spec.description,
        "deck": {"suits": spec.deck.suits, "top_rank": spec.deck.top_rank, "copies": spec.deck.copies},
        "layout": [[down, up] for down, up in spec.layout],
        "build": spec.build.value, "movable": spec.movable.value, "empty_pile": spec.empty_pile.value,
        "stock": spec.stock.value, "foundations": spec.foundations.value,
        "deal_needs_no_empty_pile": spec.deal_needs_no_empty_pile, "foundation_piles": spec.foundation_piles,
        "foundation_to_tableau": spec.foundation_to_tableau, "ace_between_foundations": spec.ace_between_foundations,
    }


def read_game(text: str | bytes) -> GameSpec:
    """Parse ``wisp-game/1`` JSON text."""
    return game_from_dict(load_json(text))


def write_game(spec: GameSpec, indent: int | None = 2) -> str:
    """``wisp-game/1`` JSON text."""
    return dump_json(game_to_dict(spec), indent)
