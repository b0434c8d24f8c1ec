"""``wisp-game/1``: every catalogue game round-trips; the reader is strict; the documented example reads."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from wispwidget.errors import FormatError
from wispwidget.games.catalogue import CATALOGUE, WILL_O_THE_WISP
from wispwidget.games.spec import EmptyPile
from wispwidget.io.game_format import GAME_FORMAT, game_from_dict, game_to_dict, read_game, write_game
from wispwidget.studies.variant_study import make_variant, rules_of

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("key", list(CATALOGUE))
def test_every_catalogue_game_round_trips(key):
    spec = CATALOGUE[key]
    again = read_game(write_game(spec))
    assert again == spec and again.description == spec.description
    assert game_to_dict(again) == game_to_dict(spec)


def test_a_lab_variant_round_trips():
    spec = make_variant("mini-wisp", movable="single-card", stock="draw-to-waste", foundations="build-up-in-suit",
                        foundation_to_tableau=True, deal_needs_no_empty_pile=False, piles=5, face_down=0, face_up=2)
    assert read_game(write_game(spec, indent=None)) == spec


def documented_example() -> dict:
    doc = (ROOT / "docs" / "formats.md").read_text()
    section = doc.split("## Games as data: `wisp-game/1`")[1]
    return json.loads(section.split("```json")[1].split("```")[0])


def test_the_documented_example_reads_and_is_what_the_writer_writes():
    example = documented_example()
    spec = game_from_dict(example)
    assert spec.key == "will-o-the-wisp/kings-only" and spec.empty_pile is EmptyPile.TOP_RANK_ONLY
    assert rules_of(spec) == rules_of(make_variant("will-o-the-wisp", empty_pile="top-rank-only"))
    assert game_to_dict(spec) == example


def base() -> dict:
    return game_to_dict(WILL_O_THE_WISP)


@pytest.mark.parametrize(("change", "message"), [
    ({"format": "wisp-game/2"}, "format: expected 'wisp-game/1'"),
    ({"colour": "red"}, "unknown field 'colour'"),
    ({"build": "diagonal"}, "build: 'diagonal' is not one of 'any-suit', 'same-suit'"),
    ({"deck": {"suits": "SX", "top_rank": 13, "copies": 1}}, "deck: deck suits must be distinct letters"),
    ({"deck": {"suits": "S", "top_rank": True, "copies": 1}}, "deck.top_rank: expected a whole number"),
    ({"deck": {"suits": "S", "top_rank": 14, "copies": 1}}, "deck.top_rank: expected 1 to 13"),
    ({"layout": [[2, 1, 0]]}, "layout[0]: expected [face_down, face_up]"),
    ({"layout": [[1.5, 1]]}, "layout[0][0]: expected a whole number"),
    ({"layout": [[60, 1]]}, "rules: will-o-the-wisp/standard: the piles need 61 cards"),
    ({"layout": [[2, 0]]}, "needs a face-up card on top"),
    ({"foundations": "build-up-in-suit"}, "building foundations need foundation_piles >= 1"),
    ({"deal_needs_no_empty_pile": 1}, "deal_needs_no_empty_pile: expected true or false"),
    ({"variant": "Kings Only"}, "variant: 'Kings Only' is not an id"),
])
def test_the_reader_refuses_bad_documents_saying_where(change, message):
    doc = {**base(), **change}
    with pytest.raises(FormatError, match=None) as caught:
        game_from_dict(doc)
    assert message in str(caught.value)


def test_missing_fields_duplicate_keys_and_nan_are_refused():
    doc = base()
    del doc["movable"]
    with pytest.raises(FormatError, match="missing field 'movable'"):
        game_from_dict(doc)
    with pytest.raises(FormatError, match='the key "game" appears twice in one object at line 1 column 40'):
        read_game('{"format": "wisp-game/1", "game": "a", "game": "b"}')
    with pytest.raises(FormatError, match="NaN"):
        read_game('{"format": "wisp-game/1", "foundation_piles": NaN}')
    assert GAME_FORMAT == "wisp-game/1"


def test_reading_does_not_touch_the_catalogue():
    before = dict(CATALOGUE)
    read_game(write_game(make_variant("will-o-the-wisp", build="same-suit")))
    assert before == CATALOGUE


def test_a_position_file_read_as_a_game_is_named_as_a_position_file():
    """A teacher pasted a wisp-position/1 document and read "game: unknown field 'tableau' (allowed: ...)"."""
    from wispwidget import deal, position_to_dict

    doc = position_to_dict(deal("mini-wisp", 1).position())
    with pytest.raises(FormatError, match=r"this is a 'wisp-position/1' document, not a wisp-game/1$"):
        game_from_dict(doc)
