"""``SearchTraceWidget``: step through one recorded search, or two side by side, drawn with the table's renderer.

Each trace (events, moves, and the position at each node) is sent once;
stepping, playing and scrubbing happen in the browser as a replay of
``events[:k]``, so the widget also works in a static HTML export. From a kernel,
the view can ask for another search on the same position (``{"type": "run"}``):
the kernel runs it, bounded, and sends the new trace.

**Hidden means hidden.** A search looks at every card, face down or not. At
``reveal=False`` (the default) the positions sent to the browser show only what
the class could see at the root: every card that was face down or in the stock
there is sent as ``"??"`` wherever the search has moved it, and no face-down
identity is sent. ``reveal=True``, asked from Python only, sends the real cards
and the face-down identities.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..cards import SUIT_CHARS, card_str
from ..engine.game import Game
from ..engine.position import Position
from ..search.algorithms import (
    ALGORITHMS,
    DEFAULT_DEPTH_LIMIT,
    DEFAULT_HEURISTIC,
    INFORMED,
    TRACE_MAX_EXPANSIONS,
    algorithm_name,
)
from ..search.algorithms import trace as run_trace
from ..search.problem import HEURISTICS, PRUNING_RULES
from ..search.trace import EXPAND, GENERATE, KINDS, Trace
from .public_state import public_state, stock_state

STATIC = Path(__file__).resolve().parent.parent / "static"
MAX_STORED_POSITIONS = 20_000
UNKNOWN = "??"
LOCKSTEP = ("steps", "expansions")


def node_positions(trace: Trace, reveal: bool = False, limit: int = MAX_STORED_POSITIONS) -> dict[str, Any]:
    """The public position of each generated node (the first ``limit``), keyed by node id.

    Each node's position is its parent's with one move played: linear in the trace. The root's
    ``public_state`` gives the fields that never change; each node fills in the piles.
    """
    positions: dict[int, Position] = {0: trace.start}
    known = None if reveal else _known_cards(trace.start)
    template = public_state(Game(trace.start, validate=False), seed=None, version=0, reveal=reveal)
    template.update(legal=[], won=False, stuck=False, can_undo=False, can_redo=False)  # the goal is the trace's
    out: dict[str, Any] = {"0": _public(template, trace.start, reveal, known, 0)}
    for event in trace.events:
        if len(out) >= limit:
            break
        if event[0] != GENERATE:
            continue
        if event[2] < 0:  # a root: iterative deepening generates one per pass, each with an id of its own
            positions[event[1]] = trace.start
            out[str(event[1])] = out["0"]
            continue
        if event[2] not in positions:
            continue
        game = Game(positions[event[2]], validate=False)
        game.push(trace.moves[event[3]])
        positions[event[1]] = game.position()
        out[str(event[1])] = _public(template, positions[event[1]], reveal, known, event[4])
    return out


def _known_cards(start: Position) -> tuple[Counter, int]:
    """What the class can see at the root: the cards face up, on the waste and the foundations; the runs gone."""
    known: Counter = Counter()
    for pile in start.tableau:
        known.update(pile.up)
    known.update(start.waste)
    for foundation in start.foundations:
        known.update(foundation)
    return known, len(start.finished)


def _public(template: dict[str, Any], position: Position, reveal: bool, known: tuple[Counter, int] | None,
            moves: int) -> dict[str, Any]:
    """The board at one node, as ``public_state`` draws it; at ``reveal=False`` masked to the root's knowledge."""
    spec = position.spec
    left = known[0].copy() if known is not None else None

    def show(card: int) -> str:
        if left is None:
            return card_str(card)
        if left[card] > 0:
            left[card] -= 1
            return card_str(card)
        return UNKNOWN

    state = dict(template)
    state["moves"] = moves  # the node's depth: moves from the root
    state["stock"] = stock_state(spec, len(position.stock))
    state["tableau"] = []
    for pile in position.tableau:
        public: dict[str, Any] = {"down": len(pile.down), "up": [show(c) for c in pile.up]}
        if reveal:
            public["hidden"] = [card_str(c) for c in pile.down]
        state["tableau"].append(public)
    state["waste"] = [show(c) for c in position.waste]
    if "foundations" in template:
        state["foundations"] = [[show(c) for c in f] for f in position.foundations]
    if "finished" in template:
        public_runs = len(position.finished) if known is None else known[1]  # runs gone before the root are public
        state["finished"] = [SUIT_CHARS[s] if i < public_runs else "?" for i, s in enumerate(position.finished)]
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
        "reveal": reveal,
    }


def shared_total(traces: list[Trace], lockstep: str) -> int:
    """The last shared step: the longest trace's events, or its expansions in ``expansions`` lockstep."""
    if lockstep == "expansions":
        return max(sum(e[0] == EXPAND for e in t.events) for t in traces)
    return max(len(t) for t in traces)


def step_of(trace: Trace, shared: int, lockstep: str) -> int:
    """The trace's own step at a shared step: in ``expansions`` lockstep, just before its next expansion."""
    if lockstep != "expansions":
        return min(shared, len(trace))
    seen = 0
    for k, event in enumerate(trace.events):
        if event[0] == EXPAND:
            if seen == shared:
                return k
            seen += 1
    return len(trace)


# The Search again bar's number fields: depth-limited search's limit and weighted A*'s weight (the view checks a
# value against these before it asks, and the kernel checks it again).
NUMBERS: dict[str, dict[str, Any]] = {
    "depth_limit": {"min": 0, "max": 200, "step": 1, "default": DEFAULT_DEPTH_LIMIT, "whole": True},
    "weight": {"min": 1, "max": 10, "step": 0.5, "default": 2.0, "whole": False},
}
NUMBER_FOR = {"depth-limited": "depth_limit", "weighted-astar": "weight"}  # the algorithm that uses each field
CHOICES = {"algorithms": list(ALGORITHMS), "heuristics": list(HEURISTICS), "informed": sorted(INFORMED),
           "default_heuristic": DEFAULT_HEURISTIC, "rules": list(PRUNING_RULES), "numbers": NUMBERS}


def number_problem(name: str, value: object) -> str:
    """The sentence that says why ``value`` is no ``name`` (a key of ``NUMBERS``) the bar can run; "" when it is."""
    rule = NUMBERS[name]
    low, high = rule["min"], rule["max"]
    if name == "depth_limit":
        wanted = f"The depth limit must be a whole number from {low} to {high}."
    else:
        wanted = f"The weight must be a number from {low:g} to {high:g}."
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
        return wanted
    if (rule["whole"] and value != int(value)) or not low <= value <= high:
        return wanted
    return ""


class SearchTraceWidget(anywidget.AnyWidget):
    """Step back and forth through a search: position, tree, frontier, pseudo-code, counters and path at every step.

    ``SearchTraceWidget(trace)`` shows one search; ``SearchTraceWidget([a, b], lockstep="expansions")`` shows two
    with one control bar, in step by events (``"steps"``) or by expansions. A ``SearchResult`` (from
    ``wispwidget.trace``) may be passed instead of its trace. ``step`` is the current (shared) step.
    """

    _esm = STATIC / "trace.js"
    _css = STATIC / "table.css"

    traces: traitlets.List = traitlets.List().tag(sync=True)
    lockstep = traitlets.Unicode("steps").tag(sync=True)
    step = traitlets.Int(0).tag(sync=True)
    speed = traitlets.Float(4.0).tag(sync=True)  # steps per second when playing
    presentation = traitlets.Bool(False).tag(sync=True)
    choices = traitlets.Dict(CHOICES).tag(sync=True)
    busy = traitlets.Bool(False).tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    view_only = traitlets.Bool(False).tag(sync=True)

    def __init__(self, trace: Any, *, lockstep: str = "steps", reveal: bool = False,
                 max_expansions: int = TRACE_MAX_EXPANSIONS, **kwargs: Any) -> None:
        if lockstep not in LOCKSTEP:
            raise ValueError(f"lockstep must be one of {LOCKSTEP}, not {lockstep!r}")
        items = trace if isinstance(trace, (list, tuple)) else [trace]
        self._traces: list[Trace] = [getattr(t, "trace", None) or t for t in items]
        if not self._traces or not all(isinstance(t, Trace) for t in self._traces):
            raise TypeError("SearchTraceWidget needs a Trace (or a SearchResult with one), or a list of them")
        self._lockstep = lockstep
        super().__init__(**kwargs)
        self._reveal = reveal
        self.max_expansions = max_expansions
        self.lockstep = lockstep
        self.traces = [trace_payload(t, reveal) for t in self._traces]
        self.on_msg(self._on_msg)

    @property
    def trace(self) -> dict[str, Any]:
        """The first trace's payload (what the browser replays)."""
        return self.traces[0]

    @property
    def searches(self) -> list[Trace]:
        """The traces shown, left to right."""
        return list(self._traces)

    @property
    def total(self) -> int:
        """The last step."""
        return shared_total(self._traces, self._lockstep)

    def __repr__(self) -> str:
        inner = ", ".join(f"{t.algorithm}, {len(t)} events" for t in self._traces)
        return f"SearchTraceWidget({inner})"

    @traitlets.validate("lockstep")
    def _valid_lockstep(self, proposal: dict) -> str:
        if proposal["value"] not in LOCKSTEP:
            raise traitlets.TraitError(f"lockstep must be one of {LOCKSTEP}")
        self._lockstep = proposal["value"]
        return proposal["value"]

    @traitlets.validate("step")
    def _valid_step(self, proposal: dict) -> int:
        return max(0, min(int(proposal["value"]), self.total))

    def state(self, panel: int = 0):
        """The ``TraceState`` of a panel at the widget's current step (the same replay the browser does)."""
        trace = self._traces[panel]
        return trace.state_at(step_of(trace, self.step, self.lockstep))

    def states(self) -> list:
        """Every panel's ``TraceState`` at the current step."""
        return [self.state(i) for i in range(len(self._traces))]

    # -- running another search from the view ------------------------------------------------

    def run(self, algorithm: str, heuristic: str | None = None, *, panel: int = 0, beside: bool = False,
            **switches: Any) -> Trace:
        """Search the same position again and show it in ``panel`` (or beside the others); returns the trace."""
        switches.setdefault("max_expansions", self.max_expansions)
        trace = run_trace(self._traces[0].start, algorithm, heuristic, **switches).trace
        assert trace is not None
        traces = list(self._traces)
        if beside and len(traces) < 2:
            traces.append(trace)
        else:
            traces[min(panel, len(traces) - 1)] = trace
        self._traces = traces
        self.step = 0
        self.traces = [trace_payload(t, self._reveal) for t in traces]
        return trace

    def _on_msg(self, _widget: Any, content: dict, _buffers: Any) -> None:
        if not isinstance(content, dict) or content.get("type") != "run":
            return
        algorithm = content.get("algorithm")
        heuristic = content.get("heuristic") or None
        if algorithm not in ALGORITHMS or (heuristic is not None and heuristic not in HEURISTICS):
            self.error = f"unknown algorithm or heuristic: {algorithm!r}, {heuristic!r}"
            return
        if algorithm not in INFORMED:
            heuristic = None
        rules = content.get("pruning")
        rules = [r for r in rules if r in PRUNING_RULES] if isinstance(rules, list) else None
        own: dict[str, Any] = {}  # the algorithm's own number: depth-limited search's limit, weighted A*'s weight
        name = NUMBER_FOR.get(algorithm)
        if name is not None and content.get(name) is not None:
            problem = number_problem(name, content[name])
            if problem:
                self.error = problem
                return
            own[name] = int(content[name]) if NUMBERS[name]["whole"] else float(content[name])
        self.busy, self.error = True, ""
        try:
            self.run(algorithm, heuristic, panel=int(content.get("panel", 0) or 0), beside=bool(content.get("beside")),
                     dedupe=bool(content.get("dedupe", True)), pruning=rules, ordering=bool(content.get("ordering")),
                     **own)
        except Exception as error:  # shown in the view; the kernel carries on
            self.error = str(error)
        finally:
            self.busy = False

    # -- exports ---------------------------------------------------------------------------------

    def to_html(self, path: str | Path) -> Path:
        """A self-contained page that replays the trace(s) with no kernel (view only)."""
        from .export import widget_html

        path = Path(path)
        traits = {"traces": self.traces, "lockstep": self.lockstep, "step": self.step, "speed": self.speed,
                  "presentation": self.presentation, "choices": self.choices, "busy": False, "error": "",
                  "view_only": True}
        names = " vs ".join(algorithm_name(t.algorithm, t.options) for t in self._traces)
        path.write_text(widget_html("trace.js", traits, title=f"Search trace: {names}"), encoding="utf-8")
        return path

    def to_svg_frames(self, directory: str | Path, steps: list[int] | None = None, panel: int = 0) -> list[Path]:
        """One SVG file of the search tree per chosen step (all shared steps by default), for slides."""
        from .export import trace_svg

        directory = Path(directory)
        directory.mkdir(parents=True, exist_ok=True)
        trace = self._traces[panel]
        chosen = range(self.total + 1) if steps is None else steps
        written = []
        for shared in chosen:
            k = step_of(trace, max(0, min(shared, self.total)), self.lockstep)
            path = directory / f"{trace.algorithm}-step-{shared:05d}.svg"
            path.write_text(trace_svg(trace, k), encoding="utf-8")
            written.append(path)
        return written
