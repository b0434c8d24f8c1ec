"""The table widget's Python side, driven by simulated front-end messages."""

from __future__ import annotations

import json
import time

import pytest

from wispwidget import IllegalMoveError, Move, deal
from wispwidget.cards import card_str
from wispwidget.widgets import TableWidget, play
from wispwidget.widgets.protocol import TRAITS, ProtocolError, parse_request

SYNCED = list(TRAITS)  # every synced trait, as the protocol states them


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("WISPWIDGET_DATA_DIR", str(tmp_path))  # statistics go to a temporary directory


def widget(**kwargs) -> TableWidget:
    kwargs.setdefault("auto_verdict", False)
    return play("will-o-the-wisp", seed=7, **kwargs)


def send(w: TableWidget, message) -> None:
    w._on_front_end_message(w, message, [])


def synced_text(w: TableWidget) -> str:
    return json.dumps({name: getattr(w, name) for name in SYNCED})


def hidden_cards(w: TableWidget) -> list[str]:
    cards = [card_str(c) for pile in w.game.down for c in pile] + [card_str(c) for c in w.game.stock]
    return cards


def test_no_face_down_or_stock_identity_is_synced():
    w = widget()
    secret = hidden_cards(w)
    assert len(secret) == 14 + 31
    text = synced_text(w)
    assert not [c for c in secret if f'"{c}"' in text]
    assert w.table["tableau"][0]["down"] == 2 and "hidden" not in w.table["tableau"][0]


def test_reveal_is_a_teaching_switch():
    w = widget(reveal=True)
    assert w.table["tableau"][0]["hidden"] == [card_str(c) for c in w.game.down[0]]
    w.reveal = False
    assert "hidden" not in w.table["tableau"][0]


def test_click_plays_the_click_destination_and_bumps_the_version():
    w = widget()
    source = next(m.source for m in w.game.legal_moves() if m.source.startswith("t"))
    expected = w.game.click_destination(source, 1)
    version = w.version
    send(w, {"type": "click", "pile": source, "count": 1, "version": version})
    assert w.game.moves_played == [expected]
    assert w.version == version + 1 and w.table["version"] == w.version and w.moves == 1
    send(w, {"type": "click", "pile": "stock", "version": w.version})
    assert w.game.moves_played[-1].source == "stock"


def test_stale_and_duplicate_requests_change_nothing():
    w = widget()
    version = w.version
    send(w, {"type": "deal", "version": version})
    after = w.game.position()
    send(w, {"type": "deal", "version": version})  # the same request again: stale now
    assert w.game.position() == after
    assert w.message["kind"] == "error" and "older table" in w.message["text"]


@pytest.mark.parametrize("bad", [
    "click t0", None, [], {"type": "teleport"}, {"type": "click", "pile": 3, "version": 1},
    {"type": "click", "pile": "t0", "version": "1"}, {"type": "click", "pile": "t0", "count": True, "version": 1},
    {"type": "move", "from": "t0", "version": 1}, {"type": "undo", "version": 1, "extra": 1},
    {"type": "click", "pile": "t0", "count": 0, "version": 1},
])
def test_malformed_requests_are_refused_with_a_message(bad):
    w = widget()
    before, version = w.game.position(), w.version
    send(w, bad)
    assert w.game.position() == before and w.version == version
    assert w.message["kind"] == "error" and "malformed" in w.message["text"]


def test_illegal_move_is_refused_and_explained():
    w = widget()
    before = w.game.position()
    send(w, {"type": "move", "from": "t0", "to": "t0", "count": 1, "version": w.version})
    assert w.game.position() == before
    assert w.message["kind"] == "error" and "onto itself" in w.message["text"]
    send(w, {"type": "click", "pile": "t0", "count": 9, "version": w.version})
    assert w.game.position() == before and w.message["kind"] == "error"


def test_undo_redo_restart_through_messages():
    w = widget()
    start = w.game.position()
    send(w, {"type": "deal", "version": w.version})
    dealt = w.game.position()
    send(w, {"type": "undo", "version": w.version})
    assert w.game.position() == start and w.table["can_redo"]
    send(w, {"type": "redo", "version": w.version})
    assert w.game.position() == dealt
    send(w, {"type": "restart"})
    assert w.game.position() == start


def test_new_deal_and_daily_and_winnable():
    w = widget()
    send(w, {"type": "new_deal", "game": "black-widow", "variant": "standard", "seed": 12, "winnable": False})
    assert w.game.spec.game == "black-widow" and w.seed == 12 and len(w.table["tableau"]) == 10
    send(w, {"type": "new_deal", "game": "mini-wisp", "variant": "standard", "seed": 1, "winnable": True})
    from wispwidget import solve
    deadline = time.time() + 30  # proving a deal winnable runs off the kernel's thread
    while w.game.spec.game != "mini-wisp" and time.time() < deadline:
        time.sleep(0.05)
    assert solve(w.game.position()).result == "won"
    import datetime

    from wispwidget import daily_deal_seed

    expected = daily_deal_seed(datetime.date.today(), w.game.spec)
    send(w, {"type": "daily"})  # found off the kernel's thread
    deadline = time.time() + 30
    while w.seed != expected and time.time() < deadline:
        time.sleep(0.05)
    assert w.seed == expected and w.moves == 0
    send(w, {"type": "new_deal", "game": "klondike", "variant": "standard", "seed": 1, "winnable": False})
    assert w.message["kind"] == "error" and "unknown game" in w.message["text"].lower()


def test_python_api_moves_show_in_the_synced_state():
    w = widget()
    w.deal()
    assert w.table["stock"]["count"] == 24 and w.moves == 1
    legal = w.game.legal_moves()[0]
    w.move(*legal)
    assert w.table["moves"] == 2
    with pytest.raises(IllegalMoveError):
        w.move("t0", "t0")
    assert w.table["moves"] == 2
    assert w.undo() == Move(*legal)
    text = w.to_json()
    w2 = widget()
    w2.load(text)
    assert w2.game.position() == w.game.position() and w2.seed is None


def test_load_rejects_bad_positions_and_keeps_the_game():
    from wispwidget import FormatError

    w = widget()
    before = w.game.position()
    with pytest.raises(FormatError):
        w.load('{"format": "wisp-position/1"}')
    assert w.game.position() == before


def test_hint_highlights_a_legal_move():
    w = play("will-o-the-wisp", seed=4, variant="relaxed", auto_verdict=False)
    hint = w.hint()
    assert hint.verdict == "winnable"
    assert w.hint_move == {"from": hint.move.source, "to": hint.move.target, "count": hint.move.count,
                           "text": hint.message, "proved": True}
    assert hint.move in w.game.legal_moves()


def test_background_verdict_and_status():
    w = play("mini-wisp", seed=2, auto_verdict=True)
    w.wait(30)
    assert w.verdict in ("winnable", "proved lost")
    assert w.verdict in w.status and "deal 2" in w.status


def test_solve_plays_the_winning_line_to_the_end():
    w = play("mini-wisp", seed=2, auto_verdict=False)
    from wispwidget import solve
    if solve(w.game.position()).result != "won":
        pytest.skip("deal not winnable")
    w.solve(interval=0)
    w.wait(30)
    assert w.won and w.game.is_won() and w.message["kind"] == "win"
    assert w.win_summary["assisted"] and not w.message["text"].startswith("You won")  # the solver played it


def test_watch_lets_the_no_peek_player_play_as_it_would_alone():
    """The watched game is the referee's game: the same moves as play_game, which never hands over hidden cards."""
    from wispwidget.search.players import PLAYERS, PlannerPlayer, play_game

    assert PLAYERS["no-peek"] is PlannerPlayer
    w = play("mini-wisp", seed=4, auto_verdict=False)
    start = w.game.position()
    send(w, {"type": "watch"})
    w.wait(60)
    alone = play_game(start, PlannerPlayer(), seed=0)
    assert tuple(w.game.moves_played) == alone.moves and alone.moves
    assert w.won == alone.won and "no-peek player has stopped" in w.message["text"]
    assert not w.busy


def test_watch_stops_when_asked_and_refuses_unknown_players():
    from wispwidget import WispError

    w = play("will-o-the-wisp", seed=3, auto_verdict=False)
    w.watch("heuristic", interval=0.2)
    time.sleep(0.5)
    w.stop()
    played = len(w.game.moves_played)
    time.sleep(0.5)
    assert len(w.game.moves_played) == played and not w.busy
    with pytest.raises(WispError, match="unknown player"):
        w.watch("cheater")


def test_watch_stops_when_the_last_view_of_the_table_goes_and_not_before():
    """A player ran the table's cell again while Watch played: the old game played on unseen to a win, which
    counted in Statistics. Views say when they are drawn and taken away; the last one going stops Watch."""
    w = play("will-o-the-wisp", seed=3, auto_verdict=False)
    for _ in range(2):  # two views: the table in a cell and in a second view of that output
        w._handle_custom_msg({"type": "view", "shown": True}, [])
    w.watch("heuristic", interval=0.2)
    time.sleep(0.5)
    w._handle_custom_msg({"type": "view", "shown": False}, [])
    time.sleep(0.5)
    assert w.busy and w.controller.jobs.get("watch") is not None  # one view is left: Watch goes on
    w._handle_custom_msg({"type": "view", "shown": False}, [])
    played = len(w.game.moves_played)
    time.sleep(0.6)
    assert len(w.game.moves_played) == played and w.controller.jobs.get("watch") is None
    assert w.message["text"] == "Stopped: the table is no longer shown."
    w._handle_custom_msg({"type": "view", "shown": False}, [])  # a stray goodbye cannot make the count negative
    assert w.controller.views == 0


def test_stable_repr_and_static_export(tmp_path):
    w = widget()
    assert repr(w) == "TableWidget(will-o-the-wisp/standard, deal 7, 0 moves)"
    page = w.to_html(tmp_path / "table.html").read_text()
    assert "<html" in page and "wisp" in page
    assert not [c for c in hidden_cards(w) if f'"{c}"' in page.split("const state =")[1]]


def test_protocol_parse_request_accepts_good_messages():
    assert parse_request({"type": "click", "pile": "t3", "version": 4}).version == 4
    assert parse_request({"type": "hint"}).fields == {"version": None}
    with pytest.raises(ProtocolError):
        parse_request({"type": "deal"})


def test_two_deck_game_state_masks_by_count():
    w = play("black-widow", seed=3, auto_verdict=False)
    assert [p["down"] for p in w.table["tableau"]] == [5, 5, 5, 5, 4, 4, 4, 4, 4, 4]
    assert all(len(p["up"]) == 1 for p in w.table["tableau"])
    assert deal("black-widow", 3).position() == w.game.position()


def test_fair_hint_never_peeks():
    from wispwidget import Game

    from .helpers import shuffled_hidden

    w = play("will-o-the-wisp", seed=4, variant="relaxed", auto_verdict=False)
    twin = TableWidget(Game(shuffled_hidden(w.game.position(), 3), validate=False), seed=4, auto_verdict=False)
    assert twin.game.position() != w.game.position() and twin.version == w.version
    first, second = w.fair_hint(), twin.fair_hint()
    assert first.move == second.move and first.move in w.game.legal_moves()
    assert first.verdict == "no-peek" and "no peeking" in w.message["text"]
    send(w, {"type": "fair_hint"})  # accepted by the protocol
    assert w.message["kind"] != "error"
