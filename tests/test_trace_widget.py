"""The search-trace widget's payload, the comparison table, and the JS fixture's freshness."""

from __future__ import annotations

import json

from wispwidget import deal
from wispwidget.search.algorithms import breadth_first
from wispwidget.search.problem import SearchProblem
from wispwidget.studies.compare import compare
from wispwidget.widgets.trace_view import SearchTraceWidget

from .make_trace_fixture import FIXTURE, build


def test_js_fixture_is_current():
    """js/trace.test.ts checks the browser replay against this Python replay; keep it in step."""
    assert json.loads(FIXTURE.read_text()) == json.loads(json.dumps(build()))


def test_trace_widget_payload_and_step():
    trace = breadth_first(SearchProblem(deal("micro-wisp", 1).position()), record=True).trace
    w = SearchTraceWidget(trace)
    assert repr(w) == f"SearchTraceWidget(bfs, {len(trace)} events)"
    payload = w.trace
    assert payload["events"] == trace.events and len(payload["moves"]) == len(trace.moves)
    generated = {str(e[1]) for e in trace.events if e[0] == 0}
    assert generated <= set(payload["positions"])
    w.step = 10**9
    assert w.step == len(trace)  # clamped
    assert w.state().goal != -1


def test_trace_positions_hide_face_down_cards():
    trace = breadth_first(SearchProblem(deal("micro-wisp", 1).position()), record=True).trace
    hidden = SearchTraceWidget(trace).trace["positions"]["0"]["tableau"][0]
    shown = SearchTraceWidget(trace, reveal=True).trace["positions"]["0"]["tableau"][0]
    assert "hidden" not in hidden and hidden["down"] == 1
    assert len(shown["hidden"]) == 1


def test_trace_widget_static_export(tmp_path):
    trace = breadth_first(SearchProblem(deal("micro-wisp", 1).position()), record=True).trace
    page = SearchTraceWidget(trace).to_html(tmp_path / "trace.html").read_text()
    assert "<html" in page and '"events"' in page


def test_compare_table():
    result = compare(deal("micro-wisp", 1).position(), ["bfs", "dfs", "astar"], timings=False)
    names = [row["algorithm"] for row in result.rows]
    assert names == ["bfs", "dfs", "astar", "tuned solver"]
    bfs, dfs, astar, tuned = result.rows
    assert bfs["solved"] and astar["length"] == bfs["length"] and dfs["length"] >= bfs["length"]
    assert tuned["solved"]
    assert "<table>" in result._repr_html_() and "algorithm" in repr(result)
