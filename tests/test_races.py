"""Races between the player and background work (issue 24): a result is applied only to the position it was
computed for, Stop returns at once and stops the search, and nothing escapes any thread."""

from __future__ import annotations

import random
import threading
import time

import pytest

from wispwidget import Game
from wispwidget.search.planner import PlanSettings
from wispwidget.widgets import play

HARD = ("waning-moon", 3)  # not settled within seconds
BIG = ("black-widow", 3)  # many plans to weigh


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("WISPWIDGET_DATA_DIR", str(tmp_path))


@pytest.fixture(autouse=True)
def no_escapes():
    escaped = []
    hook = threading.excepthook
    threading.excepthook = lambda args: escaped.append(args)
    yield escaped
    threading.excepthook = hook
    assert not escaped, [f"{a.exc_type.__name__}: {a.exc_value}" for a in escaped]


def send(w, message) -> None:
    w._on_front_end_message(w, message, [])


def until(predicate, timeout=20.0) -> bool:
    deadline = time.time() + timeout
    while time.time() < deadline:
        if predicate():
            return True
        time.sleep(0.01)
    return predicate()


def assert_legal_line(w) -> None:
    game = Game(w.controller.start, validate=False)
    for move in w.game.moves_played:
        game.play(move)  # raises if any move of the line is illegal
    assert game.position() == w.game.position()
    assert w.table["version"] == w.version and w.moves == len(w.game.moves_played)


def legal_other_than(w, avoid=()) -> tuple:
    return next(m for m in w.game.legal_moves() if m not in avoid)


def test_a_move_during_solve_stops_the_old_line():
    """The reported case: Solve on Black Widow deal 5, then the player moves while the line plays."""
    w = play("black-widow", seed=5, auto_verdict=False)
    w.solve(interval=0.05)
    assert until(lambda: w.job.get("kind") == "replay" and w.moves >= 2)
    mine = legal_other_than(w)
    w.move(*mine)
    mark = len(w.game.moves_played)
    time.sleep(0.4)
    assert len(w.game.moves_played) == mark and w.game.moves_played[-1] == mine
    assert not w.busy and w.job == {}
    assert_legal_line(w)


def test_a_move_while_solve_searches_discards_its_line():
    w = play(*HARD, auto_verdict=False)
    w.solve(interval=0)
    assert until(lambda: w.job.get("kind") == "solve")
    w.move(*w.game.legal_moves()[0])
    assert w.wait(5) and len(w.game.moves_played) == 1
    assert_legal_line(w)


def test_a_move_during_watch_stops_the_player():
    w = play("will-o-the-wisp", seed=3, auto_verdict=False)
    w.watch("heuristic", interval=0.05)
    assert until(lambda: w.moves >= 2)
    with w.controller.lock:
        mine = w.game.legal_moves()[0]
        w.move(*mine)
    mark = len(w.game.moves_played)
    time.sleep(0.4)
    assert len(w.game.moves_played) == mark and not w.busy
    assert_legal_line(w)


def test_a_move_during_a_hint_never_shows_the_stale_hint():
    w = play(*HARD, auto_verdict=False)
    send(w, {"type": "hint", "version": w.version})
    assert until(lambda: w.job.get("kind") == "hint")
    w.move(*w.game.legal_moves()[0])
    assert w.wait(5)
    assert w.hint_move == {}
    assert_legal_line(w)


def test_a_move_during_the_verdict_discards_the_old_verdict():
    w = play(*HARD, auto_verdict=True, verdict_positions=10_000_000)
    assert w.verdict == "thinking…"
    old = w.controller.jobs.get("verdict")
    w.move(*w.game.legal_moves()[0])
    assert old.cancelled and old.wait(2)  # the old search stopped
    w.stop()
    w.controller.jobs.cancel()
    assert w.wait(5)
    assert_legal_line(w)


def test_twenty_hint_presses_run_one_search_at_a_time():
    w = play(*HARD, auto_verdict=False)
    for _ in range(20):
        send(w, {"type": "hint", "version": w.version})
    # one search runs at a time: the replaced ones end within moments, and the waiting ones never start
    assert until(lambda: w.controller.jobs.threads_alive() <= 2, 0.5)
    assert until(lambda: w.controller.jobs.threads_alive() == 1, 3)
    w.stop()
    assert w.wait(5)


@pytest.mark.parametrize("kind", ["solve", "watch", "hint", "fair_hint", "verdict"])
def test_stop_returns_at_once_and_the_search_stops(kind):
    w = play(*(BIG if kind == "fair_hint" else HARD), auto_verdict=(kind == "verdict"), verdict_positions=10_000_000)
    w.controller.hinter.max_positions = 10_000_000
    if kind == "watch":
        w.watch("heuristic", interval=0.05)
        until(lambda: w.moves >= 1)
    elif kind == "fair_hint":
        big = PlanSettings(root_positions=5_000_000, worlds=10_000, after_positions=100_000)
        w.controller.fair_hint(60, settings=big, wait=False)  # a plan that would take a minute
    elif kind != "verdict":
        send(w, {"type": kind, "version": w.version})
    time.sleep(0.3)
    target = "verdict" if kind == "verdict" else ("watch" if kind == "watch" else kind)
    job = w.controller.jobs.get(target)
    assert job is not None and w.busy == (kind != "verdict")
    started = time.perf_counter()
    if kind == "verdict":
        w.controller.jobs.cancel("verdict")  # Stop leaves the verdict; a move or a new deal cancels it
    else:
        send(w, {"type": "stop"})
    assert time.perf_counter() - started < 0.2
    assert not w.busy and w.job == {}
    mark = len(w.game.moves_played)
    assert job.wait(1.5), f"the {kind} search went on after Stop"  # (a fair hint's planner too)
    time.sleep(0.3)
    assert len(w.game.moves_played) == mark and w.hint_move == {}
    assert_legal_line(w)


def test_a_thousand_mixed_requests_from_threads_keep_a_legal_line(no_escapes):
    w = play("will-o-the-wisp", seed=7, auto_verdict=True, verdict_positions=20_000)
    w.controller.hinter.max_positions = 20_000
    kinds = ["click", "click", "move", "move", "deal", "undo", "undo", "redo", "hint", "stop", "restart", "speed",
             "winnable", "stale"]

    def worker(seed: int, count: int) -> None:
        rng = random.Random(seed)
        for _ in range(count):
            kind = rng.choice(kinds)
            version = w.version
            if kind == "click":
                send(w, {"type": "click", "pile": f"t{rng.randrange(7)}", "version": version})
            elif kind == "move":
                legal = w.table["legal"]
                source, target, n = rng.choice(legal) if legal else ("t0", "t1", 1)
                send(w, {"type": "move", "from": source, "to": target, "count": n, "version": version})
            elif kind in ("deal", "undo", "redo", "hint", "restart"):
                send(w, {"type": kind, "version": version})
            elif kind == "speed":
                send(w, {"type": "speed", "value": rng.choice([1, 4, 30])})
            elif kind == "winnable":
                send(w, {"type": "winnable", "value": rng.random() < 0.5})
            elif kind == "stale":
                send(w, {"type": "deal", "version": version - 1})
            else:
                send(w, {"type": "stop"})

    threads = [threading.Thread(target=worker, args=(i, 250)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    w.stop()
    w.controller.jobs.cancel()
    assert w.wait(20)
    assert not no_escapes
    assert_legal_line(w)
    assert w.message.get("kind") in ("info", "error", "win")
