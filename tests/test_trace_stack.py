"""The stack or frontier a trace's state lists (and the trace view shows): each node once, and as many nodes as
the search itself holds. At the goal a depth-first stack listed the goal twice ("94, 94, 91, 89")."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wispwidget as ww
from wispwidget import deal
from wispwidget.search.trace import GENERATE, GOAL, NO

STACKS = ("dfs", "depth-limited", "iddfs")  # they hold a stack: the child to go down to, then the path
ALGORITHMS = (*STACKS, "bfs", "ucs", "astar", "greedy", "weighted-astar")


def record(seed: int, algorithm: str, dedupe: bool):
    switches = {"depth_limit": 5} if algorithm == "depth-limited" else {}
    return ww.trace(deal("micro-wisp", seed).position(), algorithm, dedupe=dedupe, max_expansions=1500,
                    **switches).trace


def check_held(trace, algorithm: str) -> None:
    """At each event that puts a node on the stack or frontier, and at the goal: no node listed twice; a
    depth-first stack (and a breadth-first queue) as long as the search's own, which the event records."""
    for i, event in enumerate(trace.events):
        if event[0] not in (GENERATE, GOAL):
            continue
        state = trace.state_at(i + 1)
        held = state.stack if algorithm in STACKS else list(state.frontier)
        assert len(held) == len(set(held)), (algorithm, i, held[:6])
        if algorithm in STACKS:
            # the search reports its stack of expanded nodes (the path); the list adds the child pushed, once
            assert held[-1] == state.root, (algorithm, i)
            if event[0] == GENERATE and event[2] != NO:
                assert len(held) == event[7] + 1, (algorithm, i, held[:6], event)
            if event[0] == GOAL:  # the goal is the child pushed last, and the path's end: listed once, on top
                assert held[0] == event[1] and held == trace.state_at(i).stack, (algorithm, i)
        elif algorithm == "bfs" and event[0] == GENERATE:
            assert len(held) == event[7], (algorithm, i)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(1, 40), algorithm=st.sampled_from(ALGORITHMS), dedupe=st.booleans())
def test_no_node_is_held_twice_and_a_stack_holds_what_the_search_does(seed, algorithm, dedupe):
    check_held(record(seed, algorithm, dedupe), algorithm)


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_every_algorithm_on_tutorial_3s_deal(algorithm):
    check_held(record(1, algorithm, True), algorithm)


@pytest.mark.parametrize("algorithm,top", [("dfs", [94, 91, 89]), ("iddfs", [1789, 1786, 1782])])
def test_the_goal_is_on_top_of_the_stack_once(algorithm, top):
    """The teacher's cases: DFS and iterative deepening on Micro Wisp 1 (tutorial 3's pair)."""
    trace = ww.trace(deal("micro-wisp", 1).position(), algorithm).trace
    end = trace.state_at(len(trace))
    assert end.stack[:3] == top and end.stack.count(end.goal) == 1
    assert end.stack[-1] == end.root and end.root == (0 if algorithm == "dfs" else 814)  # each pass has its root


def test_iterative_deepening_states_name_their_pass():
    trace = ww.trace(deal("micro-wisp", 1).position(), "iddfs").trace
    assert (trace.state_at(0).root, trace.state_at(0).root_reached, trace.state_at(0).limit) == (0, False, None)
    assert trace.state_at(300).limit == 4 and trace.state_at(300).root_reached
    end = trace.state_at(len(trace))
    assert end.limit == 7 and end.root == 814 and len(end.path) == 7 and end.path[0] is not None
    assert ww.trace(deal("micro-wisp", 1).position(), "depth-limited", depth_limit=4).trace.state_at(5).limit == 4


def test_a_frontier_entry_found_out_of_date_leaves_the_frontier_the_view_shows():
    """Weighted A* leaves an entry in its queue when a cheaper path to its state comes later, and skips it when
    popped. The trace said nothing of that skip, so the frontier shown kept such nodes for ever: this search
    ended with nothing left to search and three nodes still "in the frontier"."""
    from wispwidget.search.trace import DISCARD

    result = ww.trace(deal("mini-wisp", 35).position(), "weighted-astar", max_expansions=20_000)
    trace = result.trace
    assert result.exhausted and not result.solved
    discards = [k for k, event in enumerate(trace.events) if event[0] == DISCARD]
    assert len(discards) == 3
    for k in discards:
        node = trace.events[k][1]
        before, after = trace.state_at(k), trace.state_at(k + 1)
        assert node in before.frontier and node not in after.frontier and node in after.duplicates
        assert node not in after.explored and after.current == before.current  # skipped, not expanded
    assert trace.state_at(len(trace.events)).frontier == frozenset()  # nothing is left to search
    again = type(trace).from_json(trace.to_json())  # and so in a saved trace
    assert again.state_at(len(trace.events)).frontier == frozenset()
