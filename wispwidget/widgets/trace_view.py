"""``SearchTraceWidget``: step through a recorded search, drawn with the table's own renderer.

The trace (events, moves, and the position at each node) is sent once; stepping,
playing and scrubbing happen in the browser as a replay of ``events[:k]``, so the
widget also works in a static HTML export.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..engine.game import Game
from ..engine.move import Move
from ..search.trace import GENERATE, KINDS, Trace
from .public_state import public_state

STATIC = Path(__file__).resolve().parent.parent / "static"
MAX_STORED_POSITIONS = 20_000


def node_positions(trace: Trace, reveal: bool = False, limit: int = MAX_STORED_POSITIONS) -> dict[str, Any]:
    """The public position of each generated node (the first ``limit``), keyed by node id."""
    games: dict[int, list[Move]] = {0: []}
    out: dict[str, Any] = {}
    root = Game(trace.start, validate=False)
    out["0"] = _slim(public_state(root, seed=None, version=0, reveal=reveal))
    for event in trace.events:
        if len(out) >= limit:
            break
        if event[0] != GENERATE or event[2] < 0:
            continue
        node, parent, move = event[1], event[2], trace.moves[event[3]]
        path = [*games.get(parent, []), move]
        games[node] = path
        game = Game(trace.start, validate=False)
        for step in path:
            game.push(step)
        out[str(node)] = _slim(public_state(game, seed=None, version=0, reveal=reveal))
    return out


def _slim(state: dict[str, Any]) -> dict[str, Any]:
    state["legal"] = []
    return state


def trace_payload(trace: Trace, reveal: bool = False) -> dict[str, Any]:
    """Everything the browser needs to replay the trace."""
    return {
        "algorithm": trace.algorithm,
        "options": trace.options,
        "kinds": list(KINDS),
        "moves": [[m.source, m.target, m.count] for m in trace.moves],
        "rules": trace.rules,
        "events": trace.events,
        "positions": node_positions(trace, reveal),
    }


class SearchTraceWidget(anywidget.AnyWidget):
    """Step back and forth through a search: position, tree, counters and path at every step."""

    _esm = STATIC / "trace.js"
    _css = STATIC / "table.css"

    trace = traitlets.Dict().tag(sync=True)
    step = traitlets.Int(0).tag(sync=True)
    speed = traitlets.Float(4.0).tag(sync=True)  # steps per second when playing

    def __init__(self, trace: Trace, *, reveal: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._trace = trace
        self.trace = trace_payload(trace, reveal)

    def __repr__(self) -> str:
        return f"SearchTraceWidget({self._trace.algorithm}, {len(self._trace)} events)"

    @traitlets.validate("step")
    def _valid_step(self, proposal: dict) -> int:
        return max(0, min(int(proposal["value"]), len(self._trace)))

    def state(self):
        """The ``TraceState`` at the widget's current step (the same replay the browser does)."""
        return self._trace.state_at(self.step)

    def to_html(self, path: str | Path) -> Path:
        """A self-contained page that replays the trace with no kernel."""
        from .export import widget_html

        path = Path(path)
        path.write_text(widget_html("trace.js", {"trace": self.trace, "step": self.step, "speed": self.speed},
                                    title=f"Search trace: {self._trace.algorithm}"), encoding="utf-8")
        return path
