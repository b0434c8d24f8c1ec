"""Write js/fixtures/trace.json: a Python-recorded trace and Python's replay at some steps.

The TypeScript replay must reproduce those states exactly (js/trace.test.ts);
tests/test_trace_widget.py checks that this file is current.
"""

from __future__ import annotations

import json
from pathlib import Path

import wispwidget as ww
from wispwidget import deal
from wispwidget.search.algorithms import depth_first
from wispwidget.search.problem import SearchProblem
from wispwidget.search.trace import DISCARD
from wispwidget.widgets.trace_view import trace_payload

FIXTURE = Path(__file__).resolve().parent.parent / "js" / "fixtures" / "trace.json"


def states(trace, steps) -> list[dict]:
    """Python's replay of ``trace`` at ``steps``: what the TypeScript replay must reproduce."""
    expected = []
    for k in sorted(steps):
        state = trace.state_at(k)
        expected.append({"step": k, "current": state.current, "goal": state.goal,
                         "frontier": sorted(state.frontier), "explored": sorted(state.explored),
                         "pruned": sorted(state.pruned), "duplicates": sorted(state.duplicates),
                         "path_moves": [[m.source, m.target, m.count] for m in state.path], "counts": state.counts,
                         "stack": state.stack})
    return expected


def build() -> dict:
    trace = depth_first(SearchProblem(deal("micro-wisp", 16).position(), ordering=True), record=True).trace
    steps = {0, 1, 2, 3, 7, len(trace) // 3, len(trace) // 2, len(trace) - 1, len(trace)}
    # a best-first search that takes entries from its frontier out of date (each step before and after those)
    outdated = ww.trace(deal("mini-wisp", 35).position(), "weighted-astar", max_expansions=20_000).trace
    at = [k for k, event in enumerate(outdated.events) if event[0] == DISCARD]
    return {"trace": trace_payload(trace), "expected": states(trace, steps),
            "outdated": {"trace": trace_payload(outdated),
                         "expected": states(outdated, {0, *at, *(k + 1 for k in at), len(outdated)})}}


if __name__ == "__main__":
    FIXTURE.parent.mkdir(exist_ok=True)
    FIXTURE.write_text(json.dumps(build(), indent=None, separators=(",", ":")) + "\n")
    print(f"wrote {FIXTURE}")
