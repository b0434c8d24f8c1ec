"""Bad input to the Python API: a precise ``WispError`` in one sentence, never a bare TypeError, AttributeError or
IndexError from deep inside, and nothing changed."""

from __future__ import annotations

import datetime as dt
import json

import pytest

import wispwidget as ww
from wispwidget import FormatError, IllegalMoveError, WispError
from wispwidget.api import choose_seed
from wispwidget.io.formats import load_json, read_position, write_position
from wispwidget.io.game_format import read_game, write_game
from wispwidget.io.words import refusal
from wispwidget.limits import LimitError
from wispwidget.search.algorithms import SearchOptionError
from wispwidget.search.hints import Hinter

pytest.importorskip("anywidget")


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("WISPWIDGET_DATA_DIR", str(tmp_path))  # statistics go to a temporary directory


def table() -> ww.TableWidget:
    return ww.play("will-o-the-wisp", seed=7, auto_verdict=False)


def one_sentence(exc: BaseException) -> str:
    text = str(exc)
    assert text and "\n" not in text and len(text) < 200, text
    return text


def unchanged(w: ww.TableWidget):
    return w.to_json(), w.version, w.seed, w.winnable, w.reveal, w.message


@pytest.mark.parametrize("args", [("t0", "t1", None), ("t0", "t1", [1]), ("t0", "t1", "2"), ("t0", 5), (5, "t1"),
                                  ("t0", ""), ("", "t1"), ("t0", "t1", 10**100)])
def test_a_malformed_move_from_python_is_an_illegal_move_and_changes_nothing(args):
    w = table()
    before = unchanged(w)
    with pytest.raises(IllegalMoveError) as caught:
        w.move(*args)
    one_sentence(caught.value)
    assert unchanged(w) == before


@pytest.mark.parametrize("message", [{"type": "move", "from": "t0", "to": ""},
                                     {"type": "move", "from": "t0", "to": "t²"},
                                     {"type": "move", "from": "", "to": "f0"}])
def test_a_malformed_location_from_the_view_is_refused_in_player_words(message):
    w = table()
    before = w.to_json()
    w._on_front_end_message(w, {**message, "version": w.version}, [])
    assert w.message["kind"] == "error"
    assert w.message["text"].endswith("is not a location (piles 1 to N, foundations 1 to 8, the waste, the stock).")
    assert w.to_json() == before


def test_refusals_say_ranges_of_places_in_player_words():
    assert refusal("'t-1' is not a location (t0..tN, f0..f7, waste, stock, tableau)") == \
        "'t-1' is not a location (piles 1 to N, foundations 1 to 8, the waste, the stock)."
    assert refusal("tableau to t1: cards move from one pile (t0..t6), not from 'tableau'") == \
        "Cards move from one pile (piles 1 to 7), not from the piles."
    assert refusal("'t07' is not a location (no leading zeros)") == "'t07' is not a location (no leading zeros)."
    assert refusal("'t١' is not a location") == "'t١' is not a location."  # no pile 2: the engine reads no such digit


@pytest.mark.parametrize("day", [20200101, 5, 0, 2.5, ["2020-01-01"], "2020-02-30", "someday"])
def test_a_daily_deal_needs_a_date(day):
    with pytest.raises(WispError, match="is not a date") as caught:
        ww.new_game("spider", daily=day)
    one_sentence(caught.value)
    w = table()
    before = unchanged(w)
    with pytest.raises(WispError, match="is not a date"):
        w.daily(day)  # 0 too: it is not "no date" (today)
    assert unchanged(w) == before


def test_a_daily_deal_of_a_datetime_is_the_deal_of_its_day():
    spec = ww.get_game("will-o-the-wisp")
    day = dt.date(2024, 3, 1)
    assert choose_seed(spec, daily=dt.datetime(2024, 3, 1, 23, 59)) == choose_seed(spec, daily=day) == \
        choose_seed(spec, daily="2024-03-01")


@pytest.mark.parametrize("card", [-1, 0, 3, 56, 10**100, 10**5000, True, "7H", None, 4.0],
                         ids=["-1", "0", "3", "56", "googol", "5000-digits", "True", "7H", "None", "4.0"])
def test_card_str_refuses_what_is_not_a_card(card):
    with pytest.raises(FormatError, match="is not a card") as caught:
        ww.card_str(card)
    assert len(one_sentence(caught.value)) < 120


def test_card_str_and_parse_card_agree_on_every_card():
    for card in range(4, 56):
        assert ww.parse_card(ww.card_str(card)) == card


@pytest.mark.parametrize("text", ["ZZ", "1H", "", "x" * 10_000, 5, None])
def test_parse_card_refuses_with_a_format_error_that_is_still_a_value_error(text):
    with pytest.raises(FormatError) as caught:
        ww.parse_card(text)
    assert isinstance(caught.value, ValueError) and len(one_sentence(caught.value)) < 120


@pytest.mark.parametrize("call", [lambda x: ww.solve(x), lambda x: ww.compare(x), lambda x: ww.trace(x),
                                  lambda x: Hinter().hint(x)], ids=["solve", "compare", "trace", "hint"])
@pytest.mark.parametrize("value", [None, "x", 5, ww.deal("micro-wisp", 1).position().tableau])
def test_searches_refuse_what_is_not_a_game_or_a_position(call, value):
    with pytest.raises(WispError, match="needs a Game") as caught:
        call(value)
    one_sentence(caught.value)


def test_a_hint_asked_of_a_position_says_how_to_make_a_game():
    with pytest.raises(WispError, match=r"Game\.from_position"):
        Hinter().hint(ww.deal("micro-wisp", 1).position())


@pytest.mark.parametrize("options", [{"max_positions": "x"}, {"max_positions": 0}, {"time_limit": -1}])
def test_a_hinter_checks_its_budget_when_it_is_made(options):
    with pytest.raises(LimitError):
        Hinter(**options)


@pytest.mark.parametrize("call", [lambda p: ww.trace(p, "magic"), lambda p: ww.trace(p, ["bfs"]),
                                  lambda p: ww.trace(p, "astar", "magic"), lambda p: ww.trace(p, "bfs", "cards-left"),
                                  lambda p: ww.compare(p, ["bfs", "magic"])])
def test_an_unknown_search_option_is_a_wisp_error_and_a_value_error(call):
    with pytest.raises(SearchOptionError) as caught:
        call(ww.deal("micro-wisp", 1).position())
    assert isinstance(caught.value, ValueError)
    one_sentence(caught.value)


@pytest.mark.parametrize("value", ["no", 1, 0, None])
def test_switches_are_booleans(value):
    with pytest.raises(WispError, match="is True or False"):
        ww.play("micro-wisp", reveal=value, auto_verdict=False)
    with pytest.raises(WispError, match="is True or False"):
        ww.new_game("micro-wisp", winnable=value)
    with pytest.raises(WispError, match="is True or False"):
        ww.TableWidget(ww.deal("micro-wisp", 1), auto_verdict=value)


@pytest.mark.parametrize("value", ["no", 1, "yes"])
def test_new_deal_refuses_a_winnable_switch_that_is_not_a_boolean(value):
    w = table()
    before = unchanged(w)
    with pytest.raises(WispError, match="winnable is True or False"):
        w.new_deal(winnable=value)
    assert unchanged(w) == before and w.controller.winnable is False


def surrogate_in(document: str, field: str) -> str:
    doc = json.loads(document)
    doc[field] = "a\udc00b"
    return json.dumps(doc)  # ensure_ascii: "a\\udc00b", valid JSON


def test_a_lone_surrogate_in_a_game_file_is_refused_naming_the_field():
    text = surrogate_in(write_game(ww.get_game("will-o-the-wisp")), "name")
    with pytest.raises(FormatError, match=r"^name: .*lone surrogate") as caught:
        read_game(text)
    one_sentence(caught.value)
    with pytest.raises(FormatError, match=r"^name: "):
        read_game(text.encode())


@pytest.mark.parametrize("text", ['{"a": [1, {"b": "\\ud800"}]}', '{"\\udfff": 1}', '"\\ud800"', '{"a": "\ud800"}'])
def test_a_lone_surrogate_anywhere_in_a_document_is_refused(text):
    with pytest.raises(FormatError, match="lone surrogate") as caught:
        load_json(text)
    message = one_sentence(caught.value)
    message.encode("utf-8")  # the refusal itself is Unicode text
    assert message.split(":")[0] in ("a[1].b", "a field name in the document", "the document", "a")


def test_a_surrogate_pair_is_unicode_text_and_is_read():
    assert load_json('{"e": "\\ud83d\\ude00"}') == {"e": "\U0001f600"}
    position = ww.deal("micro-wisp", 1).position()
    assert read_position(write_position(position)) == position
    with pytest.raises(FormatError, match="lone surrogate"):
        read_position(surrogate_in(write_position(position), "game"))


@pytest.mark.parametrize("fields", [{"top_rank": "x"}, {"top_rank": True}, {"top_rank": 14}, {"suits": 5},
                                    {"suits": ""}, {"suits": "SS"}, {"copies": 0}, {"copies": 1.5}])
def test_a_deck_that_is_no_deck_is_a_format_error_in_one_sentence(fields):
    """Deck(top_rank="x") raised a TypeError from a comparison; every refusal is now one sentence, and still a
    ValueError for code that catches that."""
    with pytest.raises(ww.FormatError, match=r"^(deck suits|the deck)"):
        ww.Deck(**fields)
