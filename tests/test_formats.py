"""The interchange formats: strict reading with precise messages, exact writing."""

from __future__ import annotations

import copy
import json

import pytest

from wispwidget import DEAL, FormatError, Move, deal
from wispwidget.cards import parse_card
from wispwidget.io.formats import (
    move_from_dict,
    move_to_dict,
    position_from_dict,
    position_to_dict,
    read_position,
    read_solution,
    write_solution,
)


def wisp_doc():
    return position_to_dict(deal("will-o-the-wisp", 1).position())


def moon_doc():
    return position_to_dict(deal("waxing-moon", 1).position())


def refused(doc, pattern):
    with pytest.raises(FormatError, match=pattern):
        position_from_dict(doc)


def test_cards_accept_ten_and_lower_case_and_normalise():
    assert parse_card("10s") == parse_card("TS") == parse_card("ts")
    for bad in ["1S", "KX", "", "10", "ASS", 7, None]:
        with pytest.raises(ValueError):
            parse_card(bad)


def test_reader_normalises_card_text():
    doc = wisp_doc()
    doc["tableau"][0]["up"] = [doc["tableau"][0]["up"][0].lower()]
    assert position_to_dict(position_from_dict(doc)) == wisp_doc()


def test_bad_card_is_named_with_its_place():
    doc = wisp_doc()
    doc["tableau"][2]["down"][1] = "KX"
    refused(doc, r"tableau\[2\]\.down\[1\]: 'KX' is not a card")
    doc = wisp_doc()
    doc["stock"][4] = "1S"
    refused(doc, r"stock\[4\]: '1S'")


def test_wrong_deck_missing_duplicated_extra():
    doc = wisp_doc()
    gone = doc["stock"].pop()
    refused(doc, f"{gone} is missing")
    doc = wisp_doc()
    doc["stock"][0] = doc["stock"][1]
    refused(doc, f"{doc['stock'][1]} appears 2 times")
    doc = wisp_doc()
    doc["stock"].append("AS")
    refused(doc, "AS appears 2 times")
    doc = position_to_dict(deal("mini-wisp", 1).position())
    doc["stock"][0] = "AC"
    refused(doc, "AC is not in this deck")


def test_face_down_on_top_and_face_down_where_none_exist():
    doc = wisp_doc()
    doc["tableau"][3]["down"] += doc["tableau"][3]["up"]
    doc["tableau"][3]["up"] = []
    refused(doc, r"tableau\[3\]: a face-down card is on top")
    doc = moon_doc()
    doc["tableau"][0]["down"] = [doc["tableau"][0]["up"].pop(0)]
    refused(doc, r"tableau\[0\]\.down: Waxing Moon has no face-down cards")


def test_finished_run_on_top_is_refused():
    spades = [f"{r}S" for r in "KQJT98765432A"]
    doc = wisp_doc()
    rest = [c for c in doc["stock"] + [c for p in doc["tableau"] for c in p["down"] + p["up"]] if c not in spades]
    doc["tableau"] = [{"down": [], "up": spades}] + [{"down": [], "up": [c]} for c in rest[:6]]
    doc["stock"] = rest[6:]
    refused(doc, r"tableau\[0\]\.up: finished run of S on top")


def test_structure_errors():
    doc = wisp_doc()
    doc["colour"] = "red"
    refused(doc, "unknown field 'colour'")
    doc = wisp_doc()
    del doc["stock"]
    refused(doc, "missing field 'stock'")
    doc = wisp_doc()
    doc["format"] = "wisp-position/2"
    refused(doc, "format: expected 'wisp-position/1'")
    doc = wisp_doc()
    doc["tableau"].pop()
    refused(doc, "has 7 piles, not 6")
    doc = wisp_doc()
    doc["game"] = "klondike"
    refused(doc, "unknown game 'klondike'")
    doc = wisp_doc()
    doc["variant"] = "easy"
    refused(doc, "no variant 'easy'")
    doc = wisp_doc()
    doc["tableau"][0]["up"] = "4D"
    refused(doc, r"tableau\[0\]\.up: expected a list")
    doc = wisp_doc()
    doc["waste"] = ["4D"]
    refused(doc, "no waste pile|4D appears")
    doc = moon_doc()
    doc["foundations"] = [[]] * 7
    refused(doc, "8 foundation piles, not 7")
    doc = wisp_doc()
    doc["foundations"] = ["X"]
    refused(doc, r"foundations\[0\]: 'X' is not a suit")


def test_foundations_may_not_be_left_out_only_variant_and_waste_may():
    """The shared spec lets a position leave out `variant` and `waste`, nothing else; a position without
    `foundations` was read as none yet (a Waxing Moon one as eight empty piles, where `[]` is refused)."""
    for doc in (wisp_doc(), moon_doc()):
        del doc["foundations"]
        with pytest.raises(FormatError, match="foundations"):
            position_from_dict(doc)
    doc = wisp_doc()
    del doc["waste"]
    del doc["variant"]
    assert position_from_dict(doc).waste == ()


def test_variant_may_be_omitted_and_means_standard():
    doc = wisp_doc()
    del doc["variant"]
    assert position_from_dict(doc).spec.variant == "standard"


def test_json_text_errors():
    text = json.dumps(wisp_doc())
    for bad, pattern in [
        (text[:-5], "not valid JSON"),
        # each said where (it said "not valid JSON: \"duplicate key 'stock'\"", quotes and all, and no place)
        (text.replace('"stock"', '"stock": [], "stock"', 1), r'the key "stock" appears twice in one object at line 1'
                                                             r" column \d+$"),
        ('{"format": NaN}', "^NaN is not a number these files hold at line 1 column 12$"),
        ('{"format": Infinity}', "^Infinity is not a number these files hold at line 1 column 12$"),
        ('\ufeff{"format": 1}', "^the file starts with a byte-order mark: save it as UTF-8 without one$"),
        ("[]", "expected a JSON object, not a list"),
    ]:
        with pytest.raises(FormatError, match=pattern):
            read_position(bad)


def test_waxing_moon_foundations_must_build_in_suit():
    doc = moon_doc()
    taken = ["AS", "2S", "3H"]
    for card in taken:
        for pile in doc["tableau"]:
            if card in pile["up"]:
                pile["up"].remove(card)
                break
        else:
            doc["stock"].remove(card)
    doc["foundations"][0] = taken
    refused(doc, r"foundations\[0\]\[2\]: 3H breaks the pile")


def test_moves_read_and_write():
    assert move_from_dict({"from": "t3", "to": "t5", "count": 2}) == Move("t3", "t5", 2)
    assert move_from_dict({"from": "stock", "to": "tableau"}) == DEAL
    assert move_to_dict(Move("t3", "t5")) == {"from": "t3", "to": "t5", "count": 1}
    assert move_to_dict(DEAL) == {"from": "stock", "to": "tableau"}
    for bad, pattern in [
        ({"from": "t3", "to": "t5", "count": 0}, "count"),
        ({"from": "t3", "to": "t5", "count": True}, "count"),
        ({"from": "t3", "to": "t5", "count": 1.0}, "count"),
        ({"from": "waste", "to": "t5", "count": 2}, "only 1"),
        ({"from": "t03", "to": "t5"}, "leading zeros"),
        ({"from": "pile3", "to": "t5"}, "not a location"),
        ({"from": "t3"}, "missing field 'to'"),
        ({"from": "t3", "to": "t4", "by": "me"}, "unknown field 'by'"),
    ]:
        with pytest.raises(FormatError, match=pattern):
            move_from_dict(bad)


def test_solution_round_trip():
    position = deal("will-o-the-wisp", 2).position()
    moves = [DEAL, Move("t0", "t1", 1)]
    assert read_solution(write_solution(position, moves)) == (position, moves)
    doc = json.loads(write_solution(position, moves))
    bad = copy.deepcopy(doc)
    bad["moves"][1]["to"] = "t99x"
    with pytest.raises(FormatError, match=r"moves\[1\]\.to"):
        read_solution(json.dumps(bad))


# -- hostile documents (issue 24; the corpus in tests/hostile/ has many more) ----------------------


def test_numbers_that_do_not_fit_are_located_format_errors():
    text = json.dumps(wisp_doc()).replace('"stock": [', '"stock": [' + "1" * 4301 + ", ", 1)
    with pytest.raises(FormatError, match=r"4,301 digits at line 1 column \d+"):
        read_position(text)
    with pytest.raises(FormatError, match="too large to be finite"):
        read_position(json.dumps(wisp_doc()).replace('"stock": [', '"stock": [-1e400, ', 1))


def test_bytes_are_utf8_only():
    text = json.dumps(wisp_doc())
    assert read_position(text.encode()) == read_position(text)
    for data in (b"\xef\xbb\xbf" + text.encode(), text.encode("utf-16"), text.encode("utf-32")):
        with pytest.raises(FormatError):
            read_position(data)


def test_an_empty_variant_is_not_standard():
    doc = wisp_doc()
    doc["variant"] = ""
    refused(doc, "variant: an empty string is not a variant")


def test_echoed_values_are_cut_short():
    doc = wisp_doc()
    doc["game"] = "g" * 1_000_000
    with pytest.raises(FormatError) as caught:
        position_from_dict(doc)
    assert len(str(caught.value)) < 200
    doc = wisp_doc()
    doc["tableau"][0]["up"][0] = "K" * 1_000_000
    with pytest.raises(FormatError) as caught:
        position_from_dict(doc)
    assert len(str(caught.value)) < 200 and "1,000,002 characters" in str(caught.value)


def test_traces_are_checked_before_they_are_replayed():
    from wispwidget.search.algorithms import depth_first
    from wispwidget.search.problem import SearchProblem
    from wispwidget.search.trace import Trace

    trace = depth_first(SearchProblem(deal("micro-wisp", 3).position(), ordering=True), record=True).trace
    assert Trace.from_json(trace.to_json()).events == trace.events
    doc = trace.to_dict()
    doc["events"] = [[0, 0, -1, -1, 0, 0, 0, 1, 0, -1], [0, 1, 2, 0, 1, 1, 0, 2, 0, -1],
                     [0, 2, 1, 0, 2, 2, 0, 3, 0, -1], [1, 2, -1, -1, 2, 2, 0, 2, 1, -1]]
    with pytest.raises(FormatError, match="appeared earlier"):  # a parent cycle would loop forever in state_at
        Trace.from_json(json.dumps(doc))
    doc = trace.to_dict()
    doc["events"][2][3] = len(doc["moves"])
    with pytest.raises(FormatError, match=r"events\[2\]\[3\]"):
        Trace.from_json(json.dumps(doc))
    doc = trace.to_dict()
    del doc["rules"]
    with pytest.raises(FormatError, match="missing field 'rules'"):
        Trace.from_json(json.dumps(doc))


def test_a_solutions_position_and_a_moves_count_are_named_as_a_reader_of_json_would():
    """A checker's tryout: "position.3C appears 2 times" (a place that is not one) and "count: ... not True"
    (Python's spelling of JSON's true)."""
    from wispwidget import deal
    from wispwidget.io.formats import read_solution, write_solution

    doc = json.loads(write_solution(deal("mini-wisp", 2).position(), []))
    tableau = doc["position"]["tableau"]
    tableau[0]["up"].append(tableau[1]["up"][0])
    with pytest.raises(FormatError, match=r"^position: \w\w appears 2 times; the deck has 1"):
        read_solution(json.dumps(doc))
    doc = json.loads(write_solution(deal("mini-wisp", 2).position(), []))
    doc["moves"] = [{"from": "t0", "to": "t1", "count": True}]
    with pytest.raises(FormatError, match=r"^moves\[0\]\.count: expected a whole number from 1 to \d+, not true$"):
        read_solution(json.dumps(doc))


def test_the_daily_deal_is_what_formats_md_says_an_independent_reader_would_compute():
    """A checker could not reproduce the daily deal: formats.md said "used to pick" a deal, not how."""
    import hashlib
    from pathlib import Path

    import wispwidget

    listed = json.loads((Path(wispwidget.__file__).parent / "data" / "winnable.json").read_text())["games"]
    for key, day in (("will-o-the-wisp/standard", "2026-11-29"), ("will-o-the-wisp/relaxed", "2026-11-29"),
                     ("black-widow/standard", "2027-02-28"), ("mini-moon/standard", "2030-01-01")):
        h = int.from_bytes(hashlib.sha256(f"{key}/{day}".encode()).digest()[:8], "big")
        deals = sorted(listed[key])
        game, variant = key.split("/")
        assert wispwidget.daily_deal_seed(day, game, variant) == deals[h % len(deals)], key
    assert wispwidget.daily_deal_seed("2026-11-29", "will-o-the-wisp") == 174  # the example in formats.md
