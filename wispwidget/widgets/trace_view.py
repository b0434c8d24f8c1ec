"""``SearchTraceWidget``: step through one recorded search, or two side by side, drawn with the table's renderer.

Each trace (events, moves, and the position at each node) is sent once;
stepping, playing and scrubbing happen in the browser as a replay of
``events[:k]``, so the widget also works in a static HTML export. From a kernel,
the view can ask for another search on the same position (``{"type": "run"}``):
the kernel runs it as a background job (``widgets/jobs.py``), bounded, and sends
the new trace when it ends; the message handler returns at once, and a newer
request stops the running search, whose result is never shown.

**Hidden means hidden.** A search looks at every card, face down or not. At
``reveal=False`` (the default) the positions sent to the browser show only what
the class could see at the root: every card that was face down or in the stock
there is sent as ``"??"`` wherever the search has moved it, and no face-down
identity is sent. Each physical card is followed from the root, so on a deck of
two copies the copy the class saw is named and the other stays ``"??"``, turned
up or not. ``reveal=True``, asked from Python only, sends the real cards
and the face-down identities.

The browser writes only ``step``, ``speed`` and ``presentation`` (each checked, as
the view's scrubber, slider and button send them); any other front-end write is
refused and re-synced (``guard.py``).
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

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
from .guard import BrowserCheck, KernelOwned, is_switch, number_from
from .jobs import Job, JobRunner
from .public_state import public_state, stock_state

STATIC = Path(__file__).resolve().parent.parent / "static"
MAX_STORED_POSITIONS = 20_000
UNKNOWN = "??"
LOCKSTEP = ("steps", "expansions")
SPEEDS = (1, 60)  # the view's speed slider: steps a second
SEARCH = "search"  # the job kind of "Search again" (``widgets/jobs.py``)


#: The cards of one node, place by place (``_places``), bottom card first; and which of them the class sees.
Places = dict[str, tuple[int, ...]]
Seen = dict[str, tuple[bool, ...]]


def node_positions(trace: Trace, reveal: bool = False, limit: int = MAX_STORED_POSITIONS) -> dict[str, Any]:
    """The public position of each generated node (the first ``limit``), keyed by node id.

    Each node's position is its parent's with one move played: linear in the trace. The root's
    ``public_state`` gives the fields that never change; each node fills in the piles. At ``reveal=False``
    each physical card is followed from the root (``_follow``): it is named only if the class saw it there.
    """
    start = (trace.start, _places(trace.start), _root_seen(trace.start))
    nodes: dict[int, tuple[Position, Places, Seen]] = {0: start}
    public_runs = None if reveal else len(trace.start.finished)
    template = public_state(Game(trace.start, validate=False), seed=None, version=0, reveal=reveal)
    template.update(legal=[], won=False, stuck=False, can_undo=False, can_redo=False)  # the goal is the trace's
    out: dict[str, Any] = {"0": _public(template, trace.start, start[2], reveal, public_runs, 0)}
    for event in trace.events:
        if len(out) >= limit:
            break
        if event[0] != GENERATE:
            continue
        if event[2] < 0:  # a root: iterative deepening generates one per pass, each with an id of its own
            nodes[event[1]] = start
            out[str(event[1])] = out["0"]
            continue
        if event[2] not in nodes:
            continue
        before, places, seen = nodes[event[2]]
        game = Game(before, validate=False)
        game.push(trace.moves[event[3]])
        after = game.position()
        now = _places(after)
        nodes[event[1]] = (after, now, _follow(places, seen, now))
        out[str(event[1])] = _public(template, after, nodes[event[1]][2], reveal, public_runs, event[4])
    return out


def _places(position: Position) -> Places:
    """Every place a card lies, each bottom first so that a move changes it only at its end: each pile (its
    face-down cards, then its face-up ones), the stock (its next card last), the waste, each foundation."""
    places = {f"t{i}": pile.down + pile.up for i, pile in enumerate(position.tableau)}
    places["stock"] = tuple(reversed(position.stock))
    places["waste"] = tuple(position.waste)
    places.update((f"f{i}", tuple(f)) for i, f in enumerate(position.foundations))
    return places


def _root_seen(start: Position) -> Seen:
    """What the class can see at the root: the cards face up, on the waste and on the foundations."""
    seen: Seen = {f"t{i}": (False,) * len(pile.down) + (True,) * len(pile.up) for i, pile in enumerate(start.tableau)}
    seen["stock"] = (False,) * len(start.stock)
    seen["waste"] = (True,) * len(start.waste)
    seen.update((f"f{i}", (True,) * len(f)) for i, f in enumerate(start.foundations))
    return seen


def _common_start(a: tuple[int, ...], b: tuple[int, ...]) -> int:
    """How many cards ``a`` and ``b`` share from the bottom (a move leaves most places as they were)."""
    if a == b:
        return len(a)
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


def _follow(old: Places, seen: Seen, new: Places) -> Seen:
    """``seen`` one move on, from the cards ``old`` to ``new``: a card still where it lay keeps its flag (a move
    changes a place only at its end); a card that moved takes the flag of a card of its value that left a
    place, an unseen one first when copies that left differ (so the class is never shown a card it did not see).
    A card turned up keeps its flag: it was face down at the root, and stays unseen."""
    kept = {name: _common_start(cards, new.get(name, ())) for name, cards in old.items()}
    left: dict[int, list[bool]] = {}
    for name, cards in old.items():
        for card, flag in zip(cards[kept[name]:], seen[name][kept[name]:], strict=True):
            left.setdefault(card, []).append(flag)
    for flags in left.values():
        flags.sort(reverse=True)  # popped from the end: False (unseen) first
    out: Seen = {}
    for name, cards in new.items():
        n = kept.get(name, 0)
        moved = tuple(left[card].pop() if left.get(card) else False for card in cards[n:])
        out[name] = seen.get(name, ())[:n] + moved
    return out


def _public(template: dict[str, Any], position: Position, seen: Seen, reveal: bool, public_runs: int | None,
            moves: int) -> dict[str, Any]:
    """The board at one node, as ``public_state`` draws it; at ``reveal=False`` a card the class did not see at
    the root (``seen``) is ``"??"`` wherever it is, and a run finished since the root has no suit."""
    spec = position.spec

    def shown(cards: tuple[int, ...], flags: tuple[bool, ...]) -> list[str]:
        return [card_str(c) if reveal or flag else UNKNOWN for c, flag in zip(cards, flags, strict=True)]

    state = dict(template)
    state["moves"] = moves  # the node's depth: moves from the root
    state["stock"] = stock_state(spec, len(position.stock))
    state["tableau"] = []
    for i, pile in enumerate(position.tableau):
        public: dict[str, Any] = {"down": len(pile.down), "up": shown(pile.up, seen[f"t{i}"][len(pile.down):])}
        if reveal:
            public["hidden"] = [card_str(c) for c in pile.down]
        state["tableau"].append(public)
    state["waste"] = shown(tuple(position.waste), seen["waste"])
    if "foundations" in template:
        state["foundations"] = [shown(tuple(f), seen[f"f{i}"]) for i, f in enumerate(position.foundations)]
    if "finished" in template:
        runs = len(position.finished) if public_runs is None else public_runs  # runs gone before the root are public
        state["finished"] = [SUIT_CHARS[s] if i < runs else "?" for i, s in enumerate(position.finished)]
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


def view_sends_step(widget: SearchTraceWidget, value: Any) -> bool:
    """Whether the view's scrubber (or its keys) can send ``value``: a whole step from 0 to the last."""
    return type(value) is int and 0 <= value <= widget.total


class SearchTraceWidget(KernelOwned):
    """Step back and forth through a search: position, tree, frontier, pseudo-code, counters and path at every step.

    ``SearchTraceWidget(trace)`` shows one search; ``SearchTraceWidget([a, b], lockstep="expansions")`` shows two
    with one control bar, in step by events (``"steps"``) or by expansions. A ``SearchResult`` (from
    ``wispwidget.trace``) may be passed instead of its trace. ``step`` is the current (shared) step.
    """

    _esm = STATIC / "trace.js"
    _css = STATIC / "table.css"
    BROWSER_WRITES: ClassVar[Mapping[str, BrowserCheck]] = {"step": view_sends_step, "speed": number_from(*SPEEDS),
                                                             "presentation": is_switch}

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
        self.jobs = JobRunner(on_error=self._job_failed)  # "Search again": one search at a time (``SEARCH``)
        self._guard = threading.Lock()  # guards ``_version`` and applying a result, never held while one searches
        self._version = 0  # bumped by every search asked for: a result is shown only at the version it was asked
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
        """Search the same position again and show it in ``panel`` (or beside the others); returns the trace.

        It runs here, in the caller's thread; a "Search again" still running is stopped (its result is dropped).
        """
        with self._guard:
            self._version += 1
        self.jobs.cancel(SEARCH)
        switches.setdefault("max_expansions", self.max_expansions)
        trace = run_trace(self._traces[0].start, algorithm, heuristic, **switches).trace
        assert trace is not None
        self._show(trace, trace_payload(trace, self._reveal), panel, beside)
        self.busy = False
        return trace

    def search_again(self, algorithm: str, heuristic: str | None = None, *, panel: int = 0, beside: bool = False,
                     **switches: Any) -> Job:
        """``run`` as a background job (the view's "Search again"): returns at once; the trace is shown when the
        search ends, unless another search was asked for meanwhile (that one replaces it and stops it)."""
        with self._guard:
            self._version += 1
            version = self._version
        self.busy, self.error = True, ""
        switches.setdefault("max_expansions", self.max_expansions)
        start, reveal = self._traces[0].start, self._reveal

        def work(job: Job) -> tuple[Trace | None, dict[str, Any], str]:
            try:
                trace = run_trace(start, algorithm, heuristic, cancel=job.token, **switches).trace
                assert trace is not None
                return trace, trace_payload(trace, reveal), ""
            except Exception as error:  # shown in the view; the kernel carries on
                return None, {}, str(error)

        def done(_job: Job, outcome: tuple[Trace | None, dict[str, Any], str]) -> None:
            trace, payload, error = outcome
            with self._guard:
                if version != self._version:
                    return  # another search was asked for: this result is for a state the widget left
                if trace is not None:
                    self._show(trace, payload, panel, beside)
                self.error, self.busy = error, False

        return self.jobs.start(SEARCH, "Searching again…", work, done)

    def cancel(self) -> None:
        """Stop a running "Search again" at once (nothing from it is shown)."""
        with self._guard:
            self._version += 1
        if self.jobs.cancel(SEARCH):
            self.busy = False

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for a running "Search again" to end; True if none is left."""
        return self.jobs.wait(timeout)

    def _show(self, trace: Trace, payload: dict[str, Any], panel: int, beside: bool) -> None:
        """Show ``trace`` (its ``payload`` made already) in ``panel``, or beside the one trace shown."""
        traces, payloads = list(self._traces), list(self.traces)
        if beside and len(traces) < 2:
            traces.append(trace)
            payloads.append(payload)
        else:
            at = min(panel, len(traces) - 1)
            traces[at], payloads[at] = trace, payload
        self._traces = traces
        self.step = 0
        self.traces = payloads

    def _job_failed(self, _job: Job, error: BaseException) -> None:
        self.error, self.busy = str(error) or type(error).__name__, False

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
        try:
            panel = int(content.get("panel", 0) or 0)
        except (TypeError, ValueError) as error:  # shown in the view, as a failed search is
            self.error = str(error)
            return
        self.search_again(algorithm, heuristic, panel=panel, beside=bool(content.get("beside")),
                          dedupe=bool(content.get("dedupe", True)), pruning=rules,
                          ordering=bool(content.get("ordering")), **own)

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
