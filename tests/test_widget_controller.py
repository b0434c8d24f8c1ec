"""The table's controller, tested without a browser: what is known, hints that help, statistics, wins, marimo."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from wispwidget import Game, deal, solve
from wispwidget.search.hints import Hint, Hinter, suggestion
from wispwidget.widgets import TableWidget, play
from wispwidget.widgets.controller import TableController
from wispwidget.widgets.stats import StatsStore

from .e2e.positions import one_move_from_winning
from .helpers import position

HARD = ("waning-moon", 3)  # not settled within seconds


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("WISPWIDGET_DATA_DIR", str(tmp_path))
    return tmp_path


def send(w, message) -> None:
    w._on_front_end_message(w, message, [])


def controller(game="micro-wisp", seed=1, **kwargs) -> TableController:
    kwargs.setdefault("auto_verdict", False)
    return TableController(deal(game, seed), seed=seed, **kwargs)


def test_the_controller_alone_plays_and_publishes_without_ipywidgets():
    published = []
    c = TableController(deal("micro-wisp", 1), seed=1, auto_verdict=False, publish=published.append)
    move = c.game.legal_moves()[0]
    c.move(*move)
    assert published[-1]["moves"] == 1 and published[-1]["version"] == c.version == 2
    assert published[-1]["table"]["last"] == {"move": list(move), "kind": "play"}
    c.undo()
    assert published[-1]["table"]["last"]["kind"] == "undo" and published[-1]["moves"] == 0
    assert "Undid" in c.message["text"]


def test_undo_and_redo_of_a_deal_say_the_deal_in_a_sentence():
    c = TableController(deal("will-o-the-wisp", 7), seed=7, auto_verdict=False)
    c.move("stock", "tableau", 1)
    c.undo()
    assert c.message["text"] == "Undid the deal."
    c.redo()
    assert c.message["text"] == "Redid the deal."  # not "Redid Deal."


def test_a_deal_from_the_proved_catalogue_is_winnable_before_any_search():
    w = TableWidget(deal("black-widow", 5), seed=5, winnable=True, auto_verdict=True, verdict_positions=100_000)
    assert w.verdict == "winnable" and "winnable" in w.status and "unknown" not in w.status
    assert w.controller.jobs.get("verdict") is None  # nothing to search for
    w.new_deal("black-widow", "standard", 5, True)
    assert w.verdict == "winnable" and w.seed == 5


def test_a_verdict_the_search_could_not_settle_is_said_in_a_players_words():
    """The status line said "not known if winnable (100,000 positions searched)": solver words on a player's line."""
    w = TableWidget(deal("black-widow", 123_456_789), seed=123_456_789, auto_verdict=True, verdict_positions=50)
    assert w.wait(60)
    assert w.verdict == "not known if winnable (too hard to tell quickly)"
    assert w.status.endswith("not known if winnable (too hard to tell quickly)") and "positions" not in w.status


def test_a_line_a_hint_found_makes_the_status_winnable():
    w = play("waning-moon", seed=1, auto_verdict=False)
    w.controller.facts.clear()  # forget the catalogue: the hint alone must settle it
    assert "winnable" not in w.controller.status
    hint = w.hint()
    assert hint.proved and "starts a winning line" in hint.message
    assert w.verdict == "winnable" and w.status.endswith("winnable")
    w.move(*hint.move)
    assert w.verdict == "winnable"  # still on the line


def test_a_proved_loss_stays_and_the_verdict_only_adds_knowledge():
    dead = Game(position("mini-wisp", piles=["| 2S", "| 4S", "| 6H", "| 2H"], stock="", rest="down:1"))
    w = TableWidget(dead, auto_verdict=True)
    w.wait(30)
    assert w.verdict in ("proved lost", "no longer winnable") or w.game.is_stuck()
    known = dict(w.controller.facts)
    w.controller._start_verdict()  # already known: no search starts
    assert w.controller.jobs.get("verdict") is None and w.controller.facts == known


def test_hints_fall_back_to_a_labelled_suggestion():
    game = deal(*HARD)
    hint = Hinter(max_positions=50).hint(game)
    assert hint.move in game.legal_moves() and not hint.proved
    assert "suggestion" in hint.message and "not a proof" in hint.message
    assert suggestion(game.copy()) in game.legal_moves()
    w = play(*HARD, auto_verdict=False)
    w.controller.hinter = Hinter(max_positions=50)
    shown = w.hint()
    assert w.hint_move["proved"] is False and w.hint_move["text"] == shown.message
    assert [w.hint_move["from"], w.hint_move["to"], w.hint_move["count"]] in w.table["legal"]


def test_suggestions_do_not_go_back_to_positions_already_seen():
    game = deal("will-o-the-wisp", 7)
    first = suggestion(game.copy())
    after = game.copy()
    after.play(first)
    back = suggestion(after.copy(), avoid={game.key()})
    replay = after.copy()
    replay.play(back)
    assert replay.key() != game.key()


def at_the_table(w: TableWidget, move) -> None:
    """Play ``move`` as the player does: a request from the table, not a call from Python."""
    source, target, count = move
    send(w, {"type": "move", "from": source, "to": target, "count": count, "version": w.version})


def win_by_hand(w: TableWidget) -> list:
    line = list(solve(w.game.position()).moves)
    for move in line:
        at_the_table(w, move)
    return line


def leads_nowhere(game: Game, move) -> bool:
    after = game.copy()
    after.play(move)
    return after.is_stuck()


def test_a_dead_end_is_said_and_stands_the_clock_which_runs_again_after_undo(monkeypatch):
    now = [100.0]
    monkeypatch.setattr("wispwidget.widgets.controller.time.monotonic", lambda: now[0])
    w = play("micro-wisp", seed=6, auto_verdict=False)

    def clock() -> dict:
        return {k: w.table["clock"][k] for k in ("seconds", "running")}

    assert clock() == {"seconds": 0.0, "running": False}  # no move yet
    moves = list(w.game.iter_legal_moves())
    dead_end = next(m for m in moves if leads_nowhere(w.game, m))
    w.move(*next(m for m in moves if m != dead_end))
    now[0] += 5
    w.undo()
    assert clock() == {"seconds": 5.0, "running": True}
    w.move(*dead_end)
    assert w.game.is_stuck() and "no move left" in w.status  # said, not only seen on a stopped clock
    assert w.message["text"].endswith("No move is left: Undo, Restart, or Review to see where the game was lost.")
    now[0] += 3
    assert clock() == {"seconds": 5.0, "running": False}  # counts the time before the dead end only
    now[0] += 60  # a minute staring at a lost table counts for nothing
    w.undo()
    now[0] += 2
    assert w.table["clock"]["running"] and w.controller.seconds == pytest.approx(7.0)
    assert abs(w.table["clock"]["at"] - time.time()) < 60  # when, so a view opened later counts on from there


def test_a_win_by_hand_gives_a_summary_and_counts_in_the_statistics(data_dir):
    w = play("micro-wisp", seed=1, auto_verdict=False)
    assert w.stats == {"key": "micro-wisp/standard", "played": 0, "won": 0, "current_streak": 0, "best_streak": 0,
                       "best_seconds": None}
    w.hint()
    w.undo() if w.game.can_undo else None
    line = win_by_hand(w)
    assert w.won and w.message["kind"] == "win" and "You won in" in w.message["text"]
    if w.win_summary["seconds"] < 1:  # a scripted win: not "and 0 s!"
        assert w.message["text"].endswith("moves and under a second! Every card is home."), w.message
    assert w.win_summary["moves"] == len(line) and w.win_summary["hints"] == 1 and w.win_summary["undos"] == 0
    assert w.win_summary["seconds"] >= 0 and w.table["clock"]["running"] is False and not w.win_summary["assisted"]
    assert w.stats["played"] == 1 and w.stats["won"] == 1 and w.stats["current_streak"] == 1
    assert w.stats["best_seconds"] is None  # a win with a hint counts, but sets no best time
    w.undo()
    assert not w.won and w.win_summary == {} and w.table["clock"]["running"]  # no banner; the clock runs again
    w.redo()
    assert w.message["kind"] == "win" and w.stats["won"] == 1  # said again, counted once
    assert w.win_summary["moves"] == len(line) and w.win_summary["undos"] == 1  # summed up afresh
    # kept across kernel restarts: a new table reads the same file
    again = play("micro-wisp", seed=1, auto_verdict=False)
    assert again.stats["won"] == 1 and (data_dir / "stats.json").exists()
    # a played game left unwon ends the streak; a deal never touched is not counted
    at_the_table(again, again.game.legal_moves()[0])
    again.new_deal(seed=2)
    again.new_deal(seed=3)
    stats = StatsStore().get("micro-wisp/standard")
    assert stats["played"] == 2 and stats["current_streak"] == 0 and stats["best_streak"] == 1


def test_only_a_win_without_hints_sets_the_best_time(data_dir, monkeypatch):
    now = [100.0]
    monkeypatch.setattr("wispwidget.widgets.controller.time.monotonic", lambda: now[0])
    w = play("micro-wisp", seed=1, auto_verdict=False)
    line = list(solve(w.game.position()).moves)
    for move in line[:-1]:
        at_the_table(w, move)
    now[0] += 30
    at_the_table(w, line[-1])
    assert w.stats["won"] == 1 and w.stats["best_seconds"] == 30.0 and w.win_summary["hints"] == 0
    w.new_deal(seed=1)
    w.hint()
    win_by_hand(w)  # at once: 0 s, with a hint
    assert w.win_summary["seconds"] == 0.0 and w.win_summary["hints"] == 1
    assert w.stats["won"] == 2 and w.stats["current_streak"] == 2 and w.stats["best_seconds"] == 30.0


def test_a_game_played_from_python_is_a_scripts_and_not_counted(data_dir):
    w = play("micro-wisp", seed=1, auto_verdict=False)
    for move in solve(w.game.position()).moves:
        w.move(*move)  # a teacher's script, or a test: no player's best time of 0.0 s
    assert w.won and w.win_summary["assisted"] and "You won" not in w.message["text"]
    assert w.win_summary["help"] == "moves were made from Python: the game is not counted"  # neither Solve nor Watch
    assert StatsStore().get("micro-wisp/standard")["played"] == 0 and w.stats["won"] == 0
    # a game begun at the table and finished by a script is not the player's win either
    w.new_deal(seed=1)
    line = list(solve(w.game.position()).moves)
    at_the_table(w, line[0])
    for move in line[1:]:
        w.move(*move)
    stats = StatsStore().get("micro-wisp/standard")
    assert w.won and stats["played"] == 1 and stats["won"] == 0 and stats["best_seconds"] is None


def test_the_tests_keep_their_games_out_of_the_users_statistics():
    import platformdirs

    from wispwidget.widgets import stats

    assert stats.data_dir() != Path(platformdirs.user_data_dir("wispwidget"))  # conftest.py moves it


def test_a_position_loaded_and_won_at_the_table_is_not_counted(data_dir):
    w = play("will-o-the-wisp", seed=7, auto_verdict=False)
    w.load(one_move_from_winning())
    at_the_table(w, ("t1", "t0", 1))  # AS onto 2S at the table: a win, but from a position, not a deal
    assert w.won and "You won" in w.message["text"]
    assert StatsStore().get("will-o-the-wisp/standard")["played"] == 0 and w.stats["best_seconds"] is None
    w.new_deal(seed=7)
    at_the_table(w, w.game.legal_moves()[0])  # a deal, at the table: counted
    assert StatsStore().get("will-o-the-wisp/standard")["played"] == 1


def test_undo_from_a_winnable_position_keeps_winnable():
    w = play("will-o-the-wisp", seed=7, auto_verdict=False)
    line = list(solve(w.game.position()).moves)
    at_the_table(w, line[0])
    w.controller.facts = {}  # nothing known of the deal itself
    w.controller.hinter.remember(w.game, line[1:])  # the position after the first move is proved winnable
    assert w.controller.knowledge() == "winnable"
    w.undo()  # a position with a move to a winnable one is winnable: the status line must not forget it
    assert w.controller.knowledge() == "winnable" and w.status.endswith("winnable")
    assert not w.status.endswith("not known if winnable")


def test_a_review_whose_losing_move_is_a_deal_rings_the_stock_and_names_no_dashed_arrow():
    from types import SimpleNamespace

    from wispwidget import Move

    w = play("will-o-the-wisp", seed=7, auto_verdict=False)
    better = next(m for m in w.game.legal_moves() if m.source != "stock")
    result = SimpleNamespace(losing_index=0, losing_move=Move("stock", "tableau", 1), better=[better],
                             message="The game was lost at move 1: a deal.")
    with w.controller.lock:
        w.controller._show_losing_move([], result)  # a deal draws no arrow: the words must not point at one
    hint = w.controller.hint_move
    assert hint["played"]["from"] == "stock"  # the table rings the stock (js: ww-played-deal), no arrow
    assert "dashed arrow" not in hint["text"] and "dashed arrow" not in w.controller.message["text"]
    assert hint["text"].startswith("Instead of move 1 (a deal), ") and "solid arrow" in w.controller.message["text"]
    assert "the dashed ring on the stock the deal played" in w.controller.message["text"]


def test_a_review_whose_better_move_is_a_deal_points_at_the_lit_stock_not_an_arrow():
    from types import SimpleNamespace

    from wispwidget import Move

    w = play("will-o-the-wisp", seed=7, auto_verdict=False)
    deal = Move("stock", "tableau", 1)
    with w.controller.lock:
        w.controller._show_winning_move(SimpleNamespace(better=[deal], message="Every move so far kept a win."))
    assert w.controller.message["text"].endswith("The lit stock shows it.")
    assert w.controller.hint_move["text"] == "A deal still wins."


def test_review_takes_the_last_hints_arrow_away_as_it_starts(monkeypatch):
    """While Review ran, the last hint's arrow and words stayed beside "Reviewing the moves played"."""
    import threading

    from wispwidget.widgets import controller as controller_module

    w = play("micro-wisp", seed=1, auto_verdict=False)
    w.hint()
    assert w.hint_move  # an arrow and its words
    release = threading.Event()
    real = controller_module.run_review

    def slow(*args, **kwargs):
        release.wait(10)
        return real(*args, **kwargs)

    monkeypatch.setattr(controller_module, "run_review", slow)
    send(w, {"type": "review", "version": w.version})
    try:
        assert w.hint_move == {} and w.message["text"].startswith("Reviewing")
    finally:
        release.set()
        assert w.controller.jobs.wait(10)


def test_solve_on_a_won_game_says_so_and_leaves_nothing_running():
    w = play("micro-wisp", seed=1, auto_verdict=False)
    win_by_hand(w)
    for kind in ("solve", "hint", "fair_hint", "watch"):
        send(w, {"type": kind, "version": w.version})
        assert "already won" in w.message["text"] and not w.busy and w.job == {}
        assert w.status.endswith("won")
    send(w, {"type": "click", "pile": "t0", "version": w.version})
    assert w.message["kind"] == "error" and "already won" in w.message["text"]


def test_solve_replays_at_the_replay_speed_and_speed_changes_it_live():
    w = play("micro-wisp", seed=1, auto_verdict=False)
    send(w, {"type": "speed", "value": 20})
    assert w.replay_speed == 20.0
    started = time.perf_counter()
    send(w, {"type": "solve", "version": w.version})
    deadline = time.time() + 10
    while not w.busy and time.time() < deadline:
        time.sleep(0.01)
    while w.job.get("kind") != "replay" and not w.won and time.time() < deadline:
        time.sleep(0.01)
    send(w, {"type": "speed", "value": 60})
    assert w.wait(20) and w.won and w.message["kind"] == "win"
    assert time.perf_counter() - started > 12 / 60
    assert w.stats["won"] == 0 and w.win_summary["help"] == "Solve played moves of this deal: the win is not counted"
    assert w.stats["played"] == 0  # nor the player's game: no move of theirs
    # Restart, then every move by hand: a new summary (the old one does not stay on the banner), still with help
    w.restart()
    assert w.win_summary == {} and not w.won
    line = solve(w.game.position()).moves
    for move in line:
        at_the_table(w, move)
    assert w.won and "Solve played moves of this deal" in w.win_summary["help"] and w.win_summary["moves"] == len(line)
    assert w.stats["played"] == 1 and w.stats["won"] == 0  # the player's game now, but Solve showed the way


def test_new_deal_from_the_menu_deals_at_once_and_winnable_syncs_at_once():
    w = play("will-o-the-wisp", seed=7, auto_verdict=False)
    send(w, {"type": "new_deal", "game": "spider", "variant": "two-suits"})
    assert w.game.spec.key == "spider/two-suits" and w.status.startswith("Spider (two suits)")
    send(w, {"type": "winnable", "value": True})
    assert w.winnable is True and w.controller.winnable
    send(w, {"type": "new_deal", "game": "will-o-the-wisp", "variant": "relaxed", "seed": 1})
    assert w.game.spec.key == "will-o-the-wisp/relaxed" and w.status.startswith("Will o' the Wisp (Relaxed)")
    assert {"game": "spider", "variant": "two-suits", "name": "Spider (two suits)",
            "label": "Spider (two suits)"} in w.games


def test_messages_use_words_people_use():
    w = play("will-o-the-wisp", seed=7, auto_verdict=False)
    w.deal()
    assert w.message["text"] == "Deal."
    send(w, {"type": "move", "from": "t0", "to": "t0", "version": w.version})
    assert w.message["text"] == "A pile cannot move onto itself."
    assert w.status == "Will o' the Wisp · deal 7 · 1 move · winnable" or w.status.startswith(
        "Will o' the Wisp · deal 7 · 1 move")
    assert repr(w) == "TableWidget(will-o-the-wisp/standard, deal 7, 1 move)"


def test_marimo_reads_the_kernel_state_and_forged_updates_change_nothing():
    mo = pytest.importorskip("marimo")
    w = play("will-o-the-wisp", seed=7, auto_verdict=False)
    element = mo.ui.anywidget(w)
    assert element.value["moves"] == 0
    w.deal()
    assert element.value["moves"] == 1 and element.value["version"] == w.version
    # marimo hands a front-end value to set_state: it must not change the table
    before = (w.game.position(), w.version, w.reveal)
    element._convert_value({"reveal": True, "moves": 0, "version": 99})
    assert (w.game.position(), w.version, w.reveal) == before and "hidden" not in w.table["tableau"][0]
    # what docs/protocol.md tells a marimo user to do: observe the trait and hand it to mo.state
    seen = []
    w.observe(lambda change: seen.append(change["new"]), names="moves")
    w.solve(interval=0)
    w.wait(30)
    assert seen and seen[-1] == w.moves == element.value["moves"]


def test_review_names_the_losing_move_in_the_background_and_failures_become_messages(monkeypatch):
    import threading

    from wispwidget.studies import review as review_module

    w = play("micro-wisp", seed=1, auto_verdict=False)
    assert w.review().verdict == "kept-winnable" and "can be won" in w.message["text"]  # no move yet
    line = list(ww_solve_line(w))
    w.move(*line[0])
    result = w.review()
    assert result.verdict == "kept-winnable" and w.message["text"] == f"{result.message} The arrow shows it."
    send(w, {"type": "review", "version": w.version - 1})
    assert w.message["kind"] == "error"  # a review asked on an older table is refused

    def falls_over(*args, **kwargs):
        raise RuntimeError("the review fell over")

    monkeypatch.setattr(review_module, "review", falls_over)
    monkeypatch.setattr("wispwidget.widgets.controller.run_review", falls_over)
    escaped = []
    hook = threading.excepthook
    threading.excepthook = escaped.append
    try:
        send(w, {"type": "review", "version": w.version})
        assert w.wait(5)
    finally:
        threading.excepthook = hook
    assert not escaped and w.message["kind"] == "error" and "fell over" in w.message["text"]


def ww_solve_line(w):
    from wispwidget import solve

    return solve(w.game.position()).moves


def test_every_published_state_is_whole():
    """The view never sees a version without its table (each change is published once, at its end)."""
    published = []
    c = TableController(deal("will-o-the-wisp", 7), seed=7, auto_verdict=True, publish=published.append)
    c.deal()
    c.move(*c.game.legal_moves()[0])
    c.undo()
    c.redo()
    c.hint()
    c.new_deal(seed=8)
    c.restart()
    c.stop()
    c.wait(30)
    assert published and all(p["table"]["version"] == p["version"] for p in published)
    assert all(p["moves"] == p["table"]["moves"] for p in published)


def test_asking_for_a_new_hint_clears_the_last_highlight_at_once():
    w = play("will-o-the-wisp", seed=4, variant="relaxed", auto_verdict=False)
    w.hint()
    assert w.hint_move["proved"]
    w.hint_move = {}  # cleared from Python (as the e2e test does); a later publish must not bring it back
    w.controller.fair_hint(wait=False)
    assert w.hint_move == {}
    assert w.wait(60) and "no peeking" in w.hint_move["text"] and w.message["text"] == w.hint_move["text"]


def test_review_takes_the_table_back_before_the_losing_move_and_shows_the_better_one():
    from .test_review import lost_game

    _, moves, k = lost_game(10)
    w = play("mini-wisp", seed=10, auto_verdict=False)
    for move in moves:
        w.move(*move)
    played = list(w.game.moves_played)
    result = w.review()
    assert result.verdict == "lost-at" and result.losing_index == k
    assert w.game.position() == result.before and w.moves == k  # the position before the losing move
    better = result.better[0]
    assert (w.hint_move["from"], w.hint_move["to"], w.hint_move["count"]) == tuple(better) and w.hint_move["proved"]
    assert f"back before move {k + 1}" in w.message["text"] and "Redo" in w.message["text"]
    assert "not yours" not in w.message["text"]  # the moves were made from Python: its author's own
    assert w.hint_move["text"].startswith(f"Instead of move {k + 1} (") and "dashed arrow" in w.hint_move["text"]
    assert tuple(w.hint_move["played"].values()) == tuple(moves[k])  # the losing move, drawn dashed
    assert w.controller.hints == 1  # the solver showed a winning move: a hint, not a free lesson
    assert w.controller.knowledge() == "winnable"
    w.redo()  # the losing move: what the review proved is the verdict at once, with no search of its own
    assert w.controller.knowledge() == "no longer winnable"
    while w.game.can_redo:  # the moves played stay to Redo
        w.redo()
        assert w.controller.knowledge() == "no longer winnable"
    assert list(w.game.moves_played) == played
    assert w.review(show=False).verdict == "lost-at" and w.moves == len(played)  # Python may just ask


def test_a_hint_that_proves_a_won_game_lost_says_no_longer_winnable_as_the_verdict_does():
    from .test_review import lost_game

    _, moves, _ = lost_game(10)
    w = play("mini-wisp", seed=10, auto_verdict=False)
    assert w.hint().proved and w.controller.knowledge() == "winnable"  # the deal was proved winnable
    for move in moves:
        w.move(*move)
    hint = w.hint()
    assert hint.verdict == "lost" and w.controller.knowledge() == "no longer winnable"
    assert w.verdict == "no longer winnable"  # not "proved lost": the player lost a game that could be won


def test_review_says_when_the_losing_move_was_watchs_not_the_players():
    from wispwidget import Move

    from .test_review import lost_game

    _, moves, k = lost_game(10)
    w = play("mini-wisp", seed=10, auto_verdict=False)
    for index, move in enumerate(moves):
        if index == k:  # the losing move, made by Watch (its job plays through the same door)
            with w.controller.lock:
                w.controller._play(Move(*move), by="watch")
        else:
            w.move(*move)
    result = w.review()
    assert result.verdict == "lost-at" and result.losing_index == k
    assert f"Move {k + 1} was Watch's, not yours." in w.message["text"]


def spy_on_reviews(monkeypatch) -> list[dict]:
    """Every review the table runs, by its keyword arguments (the review itself still runs)."""
    from wispwidget.widgets import controller as controller_module

    calls: list[dict] = []
    real = controller_module.run_review

    def spy(*args, **kwargs):
        calls.append(kwargs)
        return real(*args, **kwargs)

    monkeypatch.setattr(controller_module, "run_review", spy)
    return calls


def budgets_of(calls: list[dict]) -> list[int]:
    """The budget each spied review was given, in order."""
    return [call["max_positions"] for call in calls]


def test_review_again_on_an_unsettled_review_searches_longer_up_to_a_limit(monkeypatch):
    from wispwidget.widgets import controller as controller_module

    from .test_review import lost_game

    _, moves, _ = lost_game(10)
    w = play("mini-wisp", seed=10, auto_verdict=False)
    for move in moves:
        w.move(*move)
    calls = spy_on_reviews(monkeypatch)
    monkeypatch.setattr(controller_module, "REVIEW_MOST", 10)
    w.review_positions = 2  # too few to settle anything
    at = w.moves
    assert w.review().verdict == "unknown" and w.moves == at  # nothing to show: the table stays
    assert "Press Review again to search 5 times longer." in w.message["text"]  # 2, then 10 positions
    assert "Try a larger budget" not in w.message["text"]  # the table says how
    assert w.review().verdict == "unknown" and budgets_of(calls) == [2, 10]
    assert "That is the most Review searches from the table" in w.message["text"]
    assert "w.review(" not in w.message["text"] and "max_positions" not in w.message["text"]  # no code for a player
    w.review()
    assert budgets_of(calls) == [2, 10, 10]  # no further
    w.undo()
    w.redo()  # another version of the table: back to the usual budget
    w.review()
    assert budgets_of(calls)[-1] == 2


def test_the_review_button_answers_on_a_won_game_as_review_does():
    w = play("micro-wisp", seed=1, auto_verdict=False)
    for move in ww_solve_line(w):
        w.move(*move)
    assert w.won
    send(w, {"type": "review", "version": w.version})
    assert w.wait(30)
    assert w.message["kind"] == "info" and w.message["text"].startswith("Every move kept the game winnable")
    assert w.message["text"] == w.review().message


def test_the_review_trusts_what_the_running_verdict_already_proved_lost(monkeypatch):

    from .test_review import lost_game

    _, moves, k = lost_game(10)
    w = play("mini-wisp", seed=10)  # the running verdict on: it proves the positions after the loss lost
    for move in moves:
        w.move(*move)
        assert w.wait(30)
    assert w.verdict in ("no longer winnable", "lost")
    calls = spy_on_reviews(monkeypatch)
    result = w.review(show=False)
    assert result.verdict == "lost-at" and result.losing_index == k
    seen = calls[-1]
    assert len(moves) in seen["known_lost"] and all(j > k for j in seen["known_lost"])


def test_a_review_mid_game_that_kept_a_win_draws_a_move_that_still_wins_and_counts_as_a_hint():
    w = play("micro-wisp", seed=1, auto_verdict=False)
    line = list(solve(w.game.position()).moves)
    for move in line[:2]:
        at_the_table(w, move)
    result = w.review()
    assert result.verdict == "kept-winnable" and w.moves == 2  # the table stays where it is
    assert (w.hint_move["from"], w.hint_move["to"], w.hint_move["count"]) == tuple(result.better[0])
    assert w.hint_move["proved"] and w.hint_move["text"].endswith("still wins.") and "played" not in w.hint_move
    assert w.message["text"].endswith("The arrow shows it.") and w.controller.hints == 1
    w.new_deal(seed=1)
    assert w.review().verdict == "kept-winnable" and w.hint_move == {}  # no move yet: no answer given away


def test_the_review_buttons_budget_is_set_from_python_and_checked(monkeypatch):
    from wispwidget.limits import LimitError

    w = play("micro-wisp", seed=1, auto_verdict=False)
    calls = spy_on_reviews(monkeypatch)
    assert w.review_positions == 250_000  # the hint's budget: one budget for the table's two proofs of a move
    w.review_positions = 5_000
    send(w, {"type": "review", "version": w.version})  # the button
    assert w.wait(30) and budgets_of(calls) == [5_000]
    w.review(max_positions=7_000)
    assert budgets_of(calls) == [5_000, 7_000]
    for bad in (0, -3, 10**12, 2.5, "many"):
        with pytest.raises(LimitError):
            w.review_positions = bad
    assert w.review_positions == 5_000


def test_an_unsettled_review_takes_the_table_to_the_last_position_proved_winnable(monkeypatch):
    """A review that proves the game winnable up to move k but settles nothing after: the table goes back to that
    position with a move that keeps a win (no 42 undos by hand), and Review again reviews the whole game."""
    from dataclasses import replace

    from wispwidget.studies import review as review_module
    from wispwidget.widgets import controller as controller_module

    from .test_review import lost_game

    _, moves, k = lost_game(10)
    real = review_module.solve

    def losses_out_of_reach(position, *args, **kwargs):  # as on a full deck: a loss is far harder to prove
        result = real(position, *args, **kwargs)
        return replace(result, result="unknown") if result.result == "lost" else result

    monkeypatch.setattr(review_module, "solve", losses_out_of_reach)
    reviewed: list[int] = []
    real_review = controller_module.run_review
    monkeypatch.setattr(controller_module, "run_review",
                        lambda start, played, **kw: reviewed.append(len(played)) or real_review(start, played, **kw))
    w = play("mini-wisp", seed=10, auto_verdict=False)
    for move in moves:
        w.move(*move)
    w.review_positions = 1_000
    result = w.review()
    assert result.verdict == "unknown" and result.losing_range[0] == k + 1
    assert w.moves == k and w.controller.game.can_redo  # back at the last position proved winnable
    assert (w.hint_move["from"], w.hint_move["to"], w.hint_move["count"]) == tuple(result.better[0])
    assert w.hint_move["proved"] and w.controller.game.why_illegal(result.better[0]) is None
    # which moves may have lost it, in words, as w.review() says (a teacher saw only "could not tell")
    assert w.message["text"].startswith(f"Review could not tell which move lost the game. It was "
                                        f"{result.range_words}. After move {k} it could still be won: the table "
                                        "is back there")
    assert f"move {k + 1}: " in result.range_words and result.range_words in result.message
    assert len(w.message["text"]) < 400  # a few lines under the table, not a paragraph
    assert "Press Review again to search 5 times longer." in w.message["text"]  # 1,000, then 5,000 positions
    assert "positions" not in w.message["text"] and "proved" not in w.message["text"]  # a player's words
    assert "not yours" not in w.message["text"]  # the moves were made from Python: its author's own
    w.review()
    assert reviewed == [len(moves), len(moves)]  # again: the whole game, not the moves now on the table
    for _ in range(len(moves) - k):
        w.redo()
    assert w.moves == len(moves)  # every move played is still there to Redo
    # Watch played them all (a teacher's Review of a Watch game said nothing of whose moves they were)
    from wispwidget import Move

    w = play("mini-wisp", seed=10, auto_verdict=False)
    for index, move in enumerate(moves):
        with w.controller.lock:
            w.controller._play(Move(*move), by="watch" if index >= k else None)
    w.review_positions = 1_000
    w.review()
    assert ". They were all Watch's, not yours. After move" in w.message["text"]


def test_the_clock_stands_while_a_review_searches(monkeypatch):
    """A player saw the game's clock run on for a minute while Review searched: the solver's time is not theirs."""
    from wispwidget.widgets import controller as controller_module

    now = [100.0]
    monkeypatch.setattr("wispwidget.widgets.controller.time.monotonic", lambda: now[0])
    real = controller_module.run_review

    def slow_review(*args, **kwargs):
        now[0] += 60  # a minute of searching
        return real(*args, **kwargs)

    monkeypatch.setattr(controller_module, "run_review", slow_review)
    w = play("micro-wisp", seed=1, auto_verdict=False)
    at_the_table(w, w.game.legal_moves()[0])
    now[0] += 5
    w.review()
    assert w.controller.seconds == pytest.approx(5.0)
    now[0] += 2
    assert w.controller.seconds == pytest.approx(7.0)  # and runs again once the review is over


def test_each_game_counts_its_own_deals():
    """A player saw Will o' the Wisp deal 1, deal 2, then Black Widow "deal 3" and Will o' the Wisp "deal 4"."""
    w = play("will-o-the-wisp", seed=1, auto_verdict=False)
    w.new_deal()
    assert w.seed == 2
    w.new_deal("black-widow")
    assert w.seed == 1  # its first deal, not the next number of another game's
    w.new_deal("will-o-the-wisp")
    assert w.seed == 3  # on from where this game was left
    w.new_deal(seed=40)
    w.new_deal()
    assert w.seed == 41


def test_new_deal_goes_on_in_the_next_session_from_where_it_stopped():
    """A returning player opened the play notebook (deal 1) and pressed New deal: deal 2 again, every session. New
    deal now counts on from the last deal it dealt in any session; a deal asked for by number, or the daily deal,
    does not move that count, and each game keeps its own."""
    first = play("will-o-the-wisp", seed=1, auto_verdict=False)
    first.new_deal()
    first.new_deal()
    assert first.seed == 3
    first.new_deal(seed=500)  # a deal asked for by number: this session goes on from it, later sessions do not
    first.new_deal()
    assert first.seed == 501
    later = play("will-o-the-wisp", seed=1, auto_verdict=False)  # the next session: the notebook's deal 1
    later.new_deal()
    assert later.seed == 502  # on from the last deal New deal dealt (501), not deal 2
    later.new_deal("black-widow")
    assert later.seed == 1  # another game: its own count
    assert StatsStore().last_new_deal("will-o-the-wisp/standard") == 502


def test_a_new_deal_count_the_file_cannot_hold_is_read_as_none(data_dir):
    """The statistics file is the user's: a count edited to a word, a negative number or true is ignored."""
    for bad in ('"ten"', "-4", "true", "[1]"):
        (data_dir / "stats.json").write_text(f'{{"games": {{}}, "new_deals": {{"will-o-the-wisp/standard": {bad}}}}}')
        w = play("will-o-the-wisp", seed=1, auto_verdict=False)
        w.new_deal()
        assert w.seed == 2, bad
    (data_dir / "stats.json").write_text('{"games": {}, "new_deals": "oops"}')
    w = play("will-o-the-wisp", seed=1, auto_verdict=False)
    w.new_deal()
    assert w.seed == 2 and StatsStore().last_new_deal("will-o-the-wisp/standard") == 2


def test_the_deal_number_box_deals_exactly_the_digits_typed_or_says_there_is_no_such_deal():
    """A player typed 99999999999999999999 and read "Refused a malformed request: new_deal: seed has the wrong type
    (float)"; 12345678901234567 dealt deal 12345678901234568. The box now sends the digits as text."""
    w = play("will-o-the-wisp", seed=3, auto_verdict=False)
    w._handle_custom_msg({"type": "new_deal", "seed": "12345678901234567"}, [])
    assert w.seed == 12345678901234567 and w.message["kind"] != "error"
    before = w.controller.game.key()
    w._handle_custom_msg({"type": "new_deal", "seed": "99999999999999999999"}, [])
    assert w.message == {**w.message, "kind": "error", "text": (
        "A deal number is a whole number from 0 to 18,446,744,073,709,551,615, not 99,999,999,999,999,999,999.")}
    assert w.seed == 12345678901234567 and w.controller.game.key() == before  # nothing changed


def test_restart_after_help_says_at_once_that_a_win_will_not_count():
    """A player pressed Restart after Solve had played, won all by hand, and only then read "Won, with help"."""
    w = play("mini-wisp", seed=3, auto_verdict=False)
    w.restart()
    assert w.message["text"] == "Back to the start of this deal; Redo plays the moves again."
    w.solve()
    assert w.wait(60)
    w.restart()
    assert w.message["text"] == ("Back to the start of this deal; Redo plays the moves again. Solve played moves of "
                                 "this deal: the win is not counted.")


def test_a_win_with_no_help_has_no_words_of_help(data_dir):
    """Issue 65: a win by hand read " played moves of this deal: the win is not counted" in win_summary["help"]."""
    w = play("micro-wisp", seed=1, auto_verdict=False)
    win_by_hand(w)
    assert w.won and not w.win_summary["assisted"] and w.win_summary["help"] == ""
    w.new_deal(seed=1)
    w.hint()
    win_by_hand(w)  # hints are no help that takes the win away
    assert w.win_summary["hints"] == 1 and w.win_summary["help"] == ""
    w.new_deal(seed=1)
    w.solve(animate=False)
    assert w.wait(30) and w.won
    assert w.win_summary["help"] == "Solve played moves of this deal: the win is not counted"


def test_a_deal_number_asked_for_with_winnable_ticked_is_dealt_as_asked_and_said(data_dir):
    """Issue 65: with Winnable ticked, w.new_deal("waxing-moon", seed=3) silently dealt deal 4 (the first proved
    winnable from 3 on). A deal asked for by number is dealt as asked, and the table says it is not proved
    winnable; winnable=True in the same call asks for the first proved-winnable deal from it on, said plainly."""
    w = play("will-o-the-wisp", seed=1, winnable=True, auto_verdict=False)
    assert w.winnable
    w.new_deal("waxing-moon", seed=3)
    assert w.seed == 3 and w.game.spec.game == "waxing-moon" and w.winnable  # the switch stays ticked
    assert w.message["text"].startswith("Waxing Moon, deal 3.") and "not one of the deals proved winnable" in \
        w.message["text"]
    w.new_deal("waxing-moon", seed=4)  # proved winnable: nothing more to say
    assert w.seed == 4 and w.message["text"] == "Waxing Moon, deal 4."
    w.new_deal("waxing-moon", seed=3, winnable=True)
    assert w.seed == 4
    assert w.message["text"] == "Waxing Moon, deal 4. Deal 3 is not proved winnable: deal 4 is the first from 3 on " \
        "that is."
    w.new_deal("waxing-moon")  # New deal, with Winnable ticked: the next proved-winnable deal
    assert w.seed == 11 and w.message["text"] == "Waxing Moon, deal 11."
    send(w, {"type": "new_deal", "game": "waxing-moon", "variant": "standard", "seed": "5"})  # the deal-number box
    assert w.seed == 5 and "not one of the deals proved winnable" in w.message["text"]


def test_hint_pressed_again_cycles_through_the_good_moves_winning_ones_first_and_round_again():
    """Issue 65: Hint gave the same single arrow on every press; pressed again in one position it shows the next
    good move, as KPatience and PySolFC do: the winning line's move, the other moves that keep a win, then the
    labelled suggestions, and round again."""
    w = play("will-o-the-wisp", seed=7, auto_verdict=False)
    legal = w.game.legal_moves()
    first = w.hint()
    assert first.proved and not first.message.startswith("Hint ")  # the first press is as before
    cycle = [first] + [w.hint() for _ in range(len(legal))]
    assert cycle[1].message.startswith("Hint 2 of ")
    n = int(cycle[1].message.split()[3].rstrip(":"))  # the hints before it comes round again
    shown = [h.move for h in cycle[:n]]
    assert n >= 2 and len(set(shown)) == n and all(m in legal for m in shown)  # each a legal move, once
    assert cycle[n].move == first.move and cycle[n].message == f"Hint 1 of {n}: {first.message}"  # round again
    for k, hint in enumerate(cycle[1:n], start=2):
        assert hint.message.startswith(f"Hint {k} of {n}: ")
        assert hint.move in legal
    proved = [h.proved for h in cycle[:n]]
    assert proved == sorted(proved, reverse=True)  # every move that keeps a win before any suggestion
    for hint in cycle[1:n]:  # "keeps a win" is true: the solver wins from the position after it
        after = w.game.copy()
        after.play(hint.move)
        if hint.proved:
            assert "keeps a win" in hint.message and solve(after.position()).result == "won"
        else:
            assert "a suggestion, not a proof" in hint.message
    assert w.hint_move == {"from": first.move.source, "to": first.move.target, "count": first.move.count,
                           "text": cycle[n].message, "proved": True}  # the table shows the one named
    assert w.controller.hints == len(cycle)  # every press counts as a hint
    w.move(*first.move)  # a move: the next press starts afresh from the new position
    again = w.hint()
    assert not again.message.startswith("Hint ")


def test_hints_that_cycle_leave_out_moves_that_lose_a_winnable_game_and_say_suggestions_are_suggestions():
    from wispwidget.search.solver import solve as full_solve
    from wispwidget.widgets.controller import good_moves

    game = deal("micro-wisp", 1)
    hinter = Hinter()
    first = hinter.hint(game)
    assert first.proved
    hints, learned = good_moves(game, first, {}, hinter, set())
    assert hints[0] is first and len({h.move for h in hints}) == len(hints)
    for hint in hints[1:]:
        after = game.copy()
        after.play(hint.move)
        assert full_solve(after.position()).result == "won"  # no move to a lost position is offered
    lost = [m for m in game.legal_moves() if m not in {h.move for h in hints}]
    assert lost  # (micro-wisp deal 1 has a move that loses it)
    for move in lost:
        after = game.copy()
        after.play(move)
        assert full_solve(after.position()).result == "lost" and learned[after.key()] == "lost"
    # where nothing is proved, the other moves are suggestions, said so, the unseen and best judged first
    hard = deal(*HARD)
    guess = Hinter(max_positions=50).hint(hard)
    hints, _ = good_moves(hard, guess, {}, Hinter(), set(), positions=50)
    assert len(hints) == len(hard.legal_moves()) and hints[0] is guess
    assert all(not h.proved and h.message.startswith("Try ") and "not a proof" in h.message for h in hints[1:])
    only = Hint(hard.legal_moves()[0], "unknown", 0, "Deal now: it is the only move.", only=True)
    assert good_moves(hard, only, {}, Hinter(), set()) == ([only], {})  # nothing to choose: no cycle


def test_hint_requests_from_the_table_cycle_too():
    w = play("will-o-the-wisp", seed=7, auto_verdict=False)
    send(w, {"type": "hint", "version": w.version})
    assert w.wait(30)
    first = dict(w.hint_move)
    send(w, {"type": "hint", "version": w.version})
    assert w.wait(30)
    assert w.hint_move["text"].startswith("Hint 2 of ") and (w.hint_move["from"], w.hint_move["to"]) != \
        (first["from"], first["to"])
    assert w.message["text"] == w.hint_move["text"]
