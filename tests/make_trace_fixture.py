"""Write js/fixtures/trace.json: a Python-recorded trace and Python's replay at some steps.

The TypeScript replay must reproduce those states exactly (js/trace.test.ts);
tests/test_trace_widget.py checks that this file is current.
"""

from __future__ import annotations

import json
from pathlib import Path

from wispwidget import deal
from wispwidget.search.algorithms import depth_first
from wispwidget.search.problem import SearchProblem
from wispwidget.widgets.trace_view import trace_payload

FIXTURE = Path(__file__).resolve().parent.parent / "js" / "fixtures" / "trace.json"


def build() -> dict:
    trace = depth_first(SearchProblem(deal("micro-wisp", 16).position(), ordering=True), record=True).trace
    steps = sorted({0, 1, 2, 3, 7, len(trace) // 3, len(trace) // 2, len(trace) - 1, len(trace)})
    expected = []
    for k in steps:
        state = trace.state_at(k)
        expected.append({"step": k, "current": state.current, "goal": state.goal,
                         "frontier": sorted(state.frontier), "explored": sorted(state.explored),
                         "pruned": sorted(state.pruned), "duplicates": sorted(state.duplicates),
                         "path_moves": [[m.source, m.target, m.count] for m in state.path], "counts": state.counts,
                         "stack": state.stack})
    payload = trace_payload(trace)
    return {"trace": payload, "expected": expected}


if __name__ == "__main__":
    FIXTURE.parent.mkdir(exist_ok=True)
    FIXTURE.write_text(json.dumps(build(), indent=None, separators=(",", ":")) + "\n")
    print(f"wrote {FIXTURE}")
