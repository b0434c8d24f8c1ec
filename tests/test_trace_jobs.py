"""The trace view's "Search again" runs on ``widgets/jobs.py`` (issue 64): the message handler returns at once,
a newer request supersedes the running one (its result is never shown), and ``cancel`` stops the search."""

from __future__ import annotations

import sys
import threading
import time

import wispwidget as ww
from wispwidget import deal
from wispwidget.search.algorithms import trace as real_trace
from wispwidget.widgets.trace_view import SEARCH, SearchTraceWidget

MODULE = sys.modules[SearchTraceWidget.__module__]


def micro_widget() -> SearchTraceWidget:
    return SearchTraceWidget(ww.trace(deal("micro-wisp", 1).position(), "bfs").trace)


class HeldSearch:
    """``run_trace`` that finds its trace at once but returns it only when released (cancel or not)."""

    def __init__(self) -> None:
        self.calls: list[dict] = []
        self.release: dict[str, threading.Event] = {}

    def __call__(self, start, algorithm, heuristic=None, *, cancel=None, **switches):
        result = real_trace(start, algorithm, heuristic, **switches)
        self.calls.append({"algorithm": algorithm, "cancel": cancel})
        self.release.setdefault(algorithm, threading.Event()).wait(30)
        return result

    def let_go(self, algorithm: str) -> None:
        self.release.setdefault(algorithm, threading.Event()).set()


def test_search_again_returns_at_once_and_its_trace_arrives_later(monkeypatch):
    held = HeldSearch()
    monkeypatch.setattr(MODULE, "run_trace", held)
    w = micro_widget()
    began = time.monotonic()
    w._on_msg(w, {"type": "run", "algorithm": "dfs"}, None)
    assert time.monotonic() - began < 1.0  # the handler did not wait for the search
    assert w.busy and w.error == "" and [t.algorithm for t in w.searches] == ["bfs"]
    assert w.jobs.get(SEARCH) is not None and w.jobs.get(SEARCH).cancellable
    held.let_go("dfs")
    assert w.wait(30)
    assert not w.busy and [t.algorithm for t in w.searches] == ["dfs"] and w.traces[0]["algorithm"] == "dfs"


def test_a_second_request_supersedes_the_first(monkeypatch):
    held = HeldSearch()
    monkeypatch.setattr(MODULE, "run_trace", held)
    w = micro_widget()
    w._on_msg(w, {"type": "run", "algorithm": "dfs"}, None)
    deadline = time.monotonic() + 30
    while not held.calls and time.monotonic() < deadline:
        time.sleep(0.01)
    w._on_msg(w, {"type": "run", "algorithm": "astar", "heuristic": "zero"}, None)
    first = held.calls[0]["cancel"]
    assert first is not None and first.cancelled  # the first search was told to stop
    held.let_go("dfs")  # it ignores the flag and returns its trace anyway: the trace is not shown
    held.let_go("astar")
    assert w.wait(30)
    assert [t.algorithm for t in w.searches] == ["astar"] and not w.busy and w.error == ""


def test_a_result_for_a_state_the_widget_left_is_not_shown(monkeypatch):
    """A search from the Python API (``run``) while "Search again" runs: the background trace is dropped."""
    held = HeldSearch()
    monkeypatch.setattr(MODULE, "run_trace", held)
    w = micro_widget()
    job = w.search_again("dfs")
    held.let_go("ucs")
    w.run("ucs")
    held.let_go("dfs")
    assert job.wait(30)
    assert [t.algorithm for t in w.searches] == ["ucs"] and not w.busy


def test_cancel_stops_a_long_search_at_once():
    w = SearchTraceWidget(ww.trace(deal("will-o-the-wisp", 1).position(), "bfs", max_expansions=10).trace)
    job = w.search_again("bfs", max_expansions=10**7, dedupe=False)
    time.sleep(0.3)
    assert not job.done and w.busy  # still searching
    began = time.monotonic()
    w.cancel()
    assert job.wait(5) and time.monotonic() - began < 5
    assert not w.busy and w.error == "" and w.searches[0].options["max_expansions"] == 10
    assert w.jobs.threads_alive() == 0
