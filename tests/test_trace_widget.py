"""The search-trace widget's payload, hidden cards, runs from the view, pairs, exports, and the JS fixture."""

from __future__ import annotations

import itertools
import json
import re

import pytest

import wispwidget as ww
from wispwidget import deal
from wispwidget.cards import card_str
from wispwidget.search.algorithms import breadth_first
from wispwidget.search.problem import SearchProblem
from wispwidget.studies.compare import COLUMNS, compare
from wispwidget.widgets.trace_view import SearchTraceWidget

from .make_trace_fixture import FIXTURE, build


def test_js_fixture_is_current():
    """js/trace.test.ts checks the browser replay against this Python replay; keep it in step."""
    assert json.loads(FIXTURE.read_text()) == json.loads(json.dumps(build()))


def micro_trace(seed=1, algorithm="bfs"):
    return ww.trace(deal("micro-wisp", seed).position(), algorithm).trace


def ask(w, message):
    """The view's "Search again": it runs as a background job (issue 64), so wait for its trace."""
    w._on_msg(w, message, None)
    assert w.wait(60)


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
    assert not any(p["won"] for p in payload["positions"].values())  # the goal is shown by the trace, not a banner


def test_one_entry_point_returns_the_result_and_its_trace():
    result = ww.trace(deal("micro-wisp", 1).position(), "astar", "cards-left", dedupe=True, pruning={"relabel"})
    assert result.solved and result.trace.algorithm == "astar"
    assert result.trace.options["heuristic"] == "cards-left" and result.trace.options["pruning"] == ["relabel"]
    assert SearchTraceWidget(result).searches == [result.trace]
    with pytest.raises(ValueError, match="unknown algorithm"):
        ww.trace(deal("micro-wisp", 1).position(), "magic")


def hidden_at_root(position):
    cards = [c for pile in position.tableau for c in pile.down] + list(position.stock)
    return {card_str(c) for c in cards}


@pytest.mark.parametrize("game,seed", [("micro-wisp", 1), ("mini-moon", 3)])
def test_hidden_means_hidden_in_the_payload_and_the_export(game, seed, tmp_path):
    start = deal(game, seed).position()
    result = ww.trace(start, "bfs", max_expansions=300)
    visible = {card_str(c) for pile in start.tableau for c in pile.up} | {card_str(c) for c in start.waste}
    secret = hidden_at_root(start) - visible  # cards no copy of which the class can see
    assert secret
    w = SearchTraceWidget(result)
    text = json.dumps(w.traces)
    shown = set(re.findall(r'"([A2-9TJQK][CDHS])"', text))
    assert not shown & secret
    assert '"hidden"' not in text
    page = w.to_html(tmp_path / "trace.html").read_text()
    assert not set(re.findall(r'[A2-9TJQK][CDHS]', page.split("const state = ", 1)[1])) & secret
    revealed = json.dumps(SearchTraceWidget(result, reveal=True).traces)  # asked for from Python only
    assert set(re.findall(r'"([A2-9TJQK][CDHS])"', revealed)) & secret


def test_trace_widget_static_export(tmp_path):
    w = SearchTraceWidget(micro_trace())
    page = w.to_html(tmp_path / "trace.html").read_text()
    assert "<html" in page and '"events"' in page and '"view_only": true' in page


def test_svg_frames_for_slides(tmp_path):
    w = SearchTraceWidget(micro_trace())
    frames = w.to_svg_frames(tmp_path, [0, 40, w.total])
    assert [f.name for f in frames] == ["bfs-step-00000.svg", "bfs-step-00040.svg", f"bfs-step-{w.total:05d}.svg"]
    last = frames[-1].read_text()
    assert last.startswith("<svg") and 'data-state="solution"' in last and "goal reached" in last
    assert 'data-state="frontier"' in frames[1].read_text()


def test_the_view_can_ask_for_another_search():
    w = SearchTraceWidget(micro_trace())
    ask(w, {"type": "run", "algorithm": "dfs", "dedupe": True, "pruning": [], "ordering": True})
    assert [t.algorithm for t in w.searches] == ["dfs"] and w.traces[0]["algorithm"] == "dfs"
    assert w.searches[0].options["pruning"] == [] and w.searches[0].options["ordering"] is True
    ask(w, {"type": "run", "algorithm": "astar", "heuristic": "zero", "beside": True})
    assert [t.algorithm for t in w.searches] == ["dfs", "astar"] and w.error == ""
    ask(w, {"type": "run", "algorithm": "nope"})
    assert "unknown" in w.error and len(w.searches) == 2
    ask(w, {"type": "run", "algorithm": "bfs", "panel": 1})  # the view's Replace: the right
    assert [t.algorithm for t in w.searches] == ["dfs", "bfs"]


def test_two_searches_in_lockstep_by_expansions():
    start = deal("micro-wisp", 1).position()
    bfs, dfs = ww.trace(start, "bfs"), ww.trace(start, "dfs")
    w = SearchTraceWidget([bfs, dfs], lockstep="expansions")
    assert w.total == max(bfs.expanded, dfs.expanded)
    w.step = 10
    assert [s.counts["expand"] for s in w.states()] == [10, 10]
    w.step = w.total
    assert [s.goal != -1 for s in w.states()] == [True, True]
    w.lockstep = "steps"
    assert w.total == max(len(bfs.trace), len(dfs.trace))
    with pytest.raises(ValueError):
        SearchTraceWidget([bfs, dfs], lockstep="sideways")


def test_compare_table():
    result = compare(deal("micro-wisp", 1).position(), ["bfs", "dfs", "astar"], timings=False)
    names = [row["algorithm"] for row in result.rows]
    assert names == ["bfs", "dfs", "astar", "tuned solver"]
    bfs, dfs, astar, tuned = result.rows
    assert bfs["solved"] and astar["length"] == bfs["length"] and dfs["length"] >= bfs["length"]
    assert tuned["solved"]
    assert "<table" in result._repr_html_() and "algorithm" in repr(result)
    assert result._repr_html_().count("padding: 2px 10px") == len(COLUMNS) * (len(result.rows) + 1)  # styled in place


def test_node_positions_are_what_public_state_draws():
    from wispwidget.engine.game import Game
    from wispwidget.widgets.public_state import public_state

    trace = micro_trace(3, "dfs")
    positions = SearchTraceWidget(trace, reveal=True).trace["positions"]
    parents, via = {}, {}
    for event in trace.events:
        if event[0] == 0 and event[2] >= 0:
            parents[event[1]], via[event[1]] = event[2], trace.moves[event[3]]
    for node, public in positions.items():
        moves, at = [], int(node)
        while at in parents:
            moves.append(via[at])
            at = parents[at]
        game = Game(trace.start, validate=False)
        for move in reversed(moves):
            game.push(move)
        want = public_state(game, seed=None, version=0, reveal=True)
        for key in ("tableau", "stock", "waste", "finished"):
            assert public[key] == want[key], (node, key)
        assert public["moves"] == len(moves) and public["won"] is False


def test_compare_plot_labels_do_not_overlap():
    import math

    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    table = compare(deal("micro-wisp", 1).position(), timings=False)
    ax = table.plot("expanded")
    fig = ax.figure
    fig.canvas.draw()
    labels = ax.get_xticklabels()
    xs = [ax.transData.transform((tick, 0))[0] for tick in ax.get_xticks()]
    spacing = min(b - a for a, b in itertools.pairwise(xs))
    height = max(label.get_window_extent(fig.canvas.get_renderer()).height for label in labels)
    rotation = labels[0].get_rotation()
    # rotated text lines are parallel: they clear each other when the tick spacing times sin(angle) exceeds a line
    line = labels[0].get_fontsize() * fig.dpi / 72
    assert rotation == 30 and spacing * math.sin(math.radians(rotation)) > 1.2 * line
    assert height > 0


# -- the teacher's tryout: iterative deepening, depth limits, names, the slides' colours -------------------------

ROOT = FIXTURE.parent.parent.parent


def test_every_pass_of_iterative_deepening_has_its_board():
    """Each pass generates a root of its own (node 814 in the last on Micro Wisp 1): its position and its children's
    were never sent, so the board stayed at the start ("0 moves") with the path 7 moves long."""
    trace = micro_trace(1, "iddfs")
    positions = SearchTraceWidget(trace).trace["positions"]
    generated = [e for e in trace.events if e[0] == 0]
    roots = [e[1] for e in generated if e[2] < 0]
    assert len(roots) == 8 and roots[-1] == 814
    assert {str(e[1]) for e in generated} <= set(positions)
    end = trace.state_at(len(trace))
    assert positions[str(end.current)]["moves"] == len(end.path) == 7
    assert all(positions[str(root)] == positions["0"] for root in roots)


def test_the_view_runs_the_depth_limit_and_the_weight_it_is_asked_for():
    w = SearchTraceWidget(micro_trace())
    ask(w, {"type": "run", "algorithm": "depth-limited", "depth_limit": 4})
    assert w.error == "" and w.searches[0].algorithm == "depth-limited"
    assert w.searches[0].options["depth_limit"] == 4  # it ran 50 whatever the class chose
    ask(w, {"type": "run", "algorithm": "weighted-astar", "heuristic": "disorder", "weight": 3})
    assert w.error == "" and w.searches[0].options["weight"] == 3.0
    limited, weighted = {"algorithm": "depth-limited"}, {"algorithm": "weighted-astar"}
    for message, sentence in (({**limited, "depth_limit": -1}, "The depth limit must be a whole number from 0 to 200."),
                              ({**limited, "depth_limit": 2.5}, "whole number"),
                              ({**limited, "depth_limit": "x"}, "whole number"),
                              ({**weighted, "weight": 0}, "The weight must be a number from 1 to 10."),
                              ({**weighted, "weight": float("nan")}, "from 1 to 10")):
        ask(w, {"type": "run", **message})
        assert sentence in w.error and w.error.count(".") == 1, w.error  # one plain sentence
        assert w.searches[0].options["weight"] == 3.0  # nothing ran
    assert w.choices["numbers"]["depth_limit"]["max"] == 200 and w.choices["numbers"]["weight"]["min"] == 1


def style_colours() -> dict[str, str]:
    """The light theme's legend colours in js/trace/style.ts (the first --ww-t-* definitions)."""
    text = (ROOT / "js" / "trace" / "style.ts").read_text()
    first = text[text.index(".ww-trace {"):text.index("}", text.index(".ww-trace {"))]
    return dict(re.findall(r"--ww-t-(\w+): (#[0-9a-f]{6})", first))


def test_svg_frames_use_the_live_views_legend_and_names(tmp_path):
    """Duplicates were light grey beside grey explored nodes (the view draws them purple), with no legend, and the
    caption began "bfs"."""
    from wispwidget.widgets.export import LEGEND, STATE_COLOURS

    if not (ROOT / "js").is_dir():
        pytest.skip("no js/ folder (an installed package)")
    live = style_colours()
    assert {name: live[name] for name in STATE_COLOURS} == STATE_COLOURS
    w = SearchTraceWidget(micro_trace())
    frame = w.to_svg_frames(tmp_path, [40])[0].read_text()
    fills = dict(re.findall(r'fill="(#[0-9a-f]{6})"[^>]*data-state="(\w+)"', frame))
    states = {state: fill for fill, state in fills.items()}
    assert states["duplicate"] == live["duplicate"] and states["explored"] == live["explored"]
    assert '<g data-legend="true"' in frame
    for state, words in LEGEND:
        assert f'data-legend-item="{state}"' in frame and f">{words}</text>" in frame
    caption = re.findall(r'font-size="13">([^<]*)</text>', frame)[-1]
    assert caption.startswith("Breadth-first search · step 40/")


def test_svg_frames_of_iterative_deepening_draw_the_current_pass(tmp_path):
    w = SearchTraceWidget(micro_trace(1, "iddfs"))
    frame = w.to_svg_frames(tmp_path, [300])[0].read_text()
    nodes = re.findall(r'data-node="(\d+)" data-state="(\w+)"', frame)
    assert len(nodes) > 10 and ("51", "explored") in nodes  # the pass's root, 51; it drew one node, 0
    assert sum(state == "current" for _, state in nodes) == 1
    assert "Iterative deepening search · step 300/" in frame and "depth limit 4" in frame and "stack " in frame


def test_python_and_the_view_name_each_search_alike():
    from wispwidget.search.algorithms import ALGORITHM_NAMES, ALGORITHMS

    if not (ROOT / "js").is_dir():
        pytest.skip("no js/ folder (an installed package)")
    names = (ROOT / "js" / "trace" / "names.ts").read_text()
    assert set(ALGORITHM_NAMES) == set(ALGORITHMS)
    for key, name in ALGORITHM_NAMES.items():
        assert re.search(rf'"?{re.escape(key)}"?: "{re.escape(name)}"', names), key


def test_the_export_is_titled_with_the_searches_names(tmp_path):
    start = deal("micro-wisp", 1).position()
    w = SearchTraceWidget([ww.trace(start, "bfs"), ww.trace(start, "depth-limited", depth_limit=4)])
    page = w.to_html(tmp_path / "t.html").read_text()
    assert "<title>Search trace: Breadth-first search vs Depth-limited search (limit 4)</title>" in page
