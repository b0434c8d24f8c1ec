"""The searches' own switches, checked where they come in: a depth limit and a weight that cannot run are refused
in one sentence, and a search's name for a person says its limit or weight."""

from __future__ import annotations

import math

import pytest

import wispwidget as ww
from wispwidget import deal
from wispwidget.search.algorithms import SearchOptionError, algorithm_name


@pytest.mark.parametrize("algorithm,switches", [
    ("depth-limited", {"depth_limit": -1}), ("depth-limited", {"depth_limit": 2.5}),
    ("depth-limited", {"depth_limit": True}), ("depth-limited", {"limit": "4"}), ("dfs", {"depth_limit": -3}),
    ("iddfs", {"max_depth": -1}), ("weighted-astar", {"weight": 0}), ("weighted-astar", {"weight": -2}),
    ("weighted-astar", {"weight": math.inf}), ("weighted-astar", {"weight": "2"}),
])
def test_a_switch_that_cannot_run_is_refused_in_one_sentence(algorithm, switches):
    with pytest.raises(SearchOptionError) as caught:
        ww.trace(deal("micro-wisp", 1).position(), algorithm, **switches)
    assert isinstance(caught.value, ValueError) and "\n" not in str(caught.value) and len(str(caught.value)) < 90


def test_the_limit_asked_for_is_the_one_run():
    start = deal("micro-wisp", 1).position()
    assert ww.trace(start, "depth-limited", depth_limit=4).trace.options["depth_limit"] == 4
    assert ww.trace(start, "depth-limited", limit=6).trace.options["depth_limit"] == 6
    assert ww.trace(start, "depth-limited").trace.options["depth_limit"] == 50
    assert ww.trace(start, "weighted-astar", weight=3).trace.options["weight"] == 3


def test_names_for_a_person():
    assert algorithm_name("bfs") == "Breadth-first search"
    assert algorithm_name("iddfs") == "Iterative deepening search"
    assert algorithm_name("depth-limited", {"depth_limit": 4}) == "Depth-limited search (limit 4)"
    assert algorithm_name("weighted-astar", {"weight": 2.0}) == "Weighted A* (weight 2)"
    assert algorithm_name("magic") == "magic"
