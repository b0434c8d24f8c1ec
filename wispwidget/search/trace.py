"""Search traces: an ordered event log that replays any step of a search.

Each event is a small list of ints, ``[kind, node, parent, move, depth, g, h10,
frontier, explored, rule]``: ``move`` and ``rule`` index the trace's tables,
``h10`` is ten times the heuristic value. Step ``k`` (``state_at(k)``) is a pure
function of the start position and ``events[:k]``.

A ``Trace`` is a search observer (node.py): pass it to an algorithm as
``observer=`` and it records each report as an event, numbering the nodes in the
order they appear. Each node id appears once, so when each node was reached and
expanded are facts of the whole trace: ``state_at`` indexes them once (time
linear in the trace) and then answers any step in logarithmic time; a state's
node sets are built only when asked for.
"""

from __future__ import annotations

import bisect
import json
from dataclasses import dataclass, field
from typing import Any

from ..engine.game import Game
from ..engine.move import Move
from ..engine.position import Position
from ..errors import FormatError
from ..io.formats import check_trace_dict, load_json, move_from_dict, move_to_dict, position_from_dict, position_to_dict
from .node import Node, SearchObserver

TRACE_FORMAT = "wisp-trace/1"
KINDS = ("generate", "expand", "duplicate", "prune", "backtrack", "goal", "iteration", "discard")
GENERATE, EXPAND, DUPLICATE, PRUNE, BACKTRACK, GOAL, ITERATION, DISCARD = range(len(KINDS))
NO = -1


@dataclass
class Trace(SearchObserver):
    """The event log of one search run; as an observer, it records the search it is passed to."""

    start: Position
    algorithm: str
    options: dict[str, Any] = field(default_factory=dict)
    moves: list[Move] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    events: list[list[int]] = field(default_factory=list)
    _move_index: dict[Move, int] = field(default_factory=dict, repr=False)
    _rule_index: dict[str, int] = field(default_factory=dict, repr=False)
    visited: list[tuple] = field(default_factory=list, repr=False)  # expanded state keys (not saved)
    _ids: int = field(default=0, repr=False)
    _index: _Index | None = field(default=None, repr=False)

    def record(self, kind: int, node: int, parent: int = NO, move: Move | None = None, depth: int = 0,
               g: float = 0, h: float = 0, frontier: int = 0, explored: int = 0, rule: str | None = None) -> None:
        """Append one event."""
        move_id = NO if move is None else _intern(self.moves, self._move_index, move)
        rule_id = NO if rule is None else _intern(self.rules, self._rule_index, rule)
        self.events.append([kind, node, parent, move_id, depth, round(g), round(h * 10), frontier,
                            explored, rule_id])

    def __len__(self) -> int:
        return len(self.events)

    # -- the observer -------------------------------------------------------------------

    def _number(self, node: Node) -> int:
        node.id, self._ids = self._ids, self._ids + 1
        return node.id

    def _parent(self, node: Node) -> int:
        return node.parent.id if node.parent is not None else NO

    def generate(self, node: Node, frontier: int, explored: int) -> None:
        self.record(GENERATE, self._number(node), self._parent(node), node.move, node.depth, g=node.g, h=node.h,
                    frontier=frontier, explored=explored)

    def expand(self, node: Node, frontier: int, explored: int) -> None:
        self.visited.append(node.key)
        self.record(EXPAND, node.id, depth=node.depth, g=node.g, h=node.h, frontier=frontier, explored=explored)

    def duplicate(self, node: Node) -> None:
        self.record(DUPLICATE, self._number(node), self._parent(node), node.move, node.depth, g=node.g, h=node.h)

    def discard(self, node: Node, frontier: int, explored: int) -> None:
        self.record(DISCARD, node.id, depth=node.depth, g=node.g, h=node.h, frontier=frontier, explored=explored)

    def prune(self, parent: Node, move: Move, rule: str) -> None:
        node_id, self._ids = self._ids, self._ids + 1
        self.record(PRUNE, node_id, parent.id, move, parent.depth + 1, g=parent.g + 1, rule=rule)

    def backtrack(self, node: Node) -> None:
        self.record(BACKTRACK, node.id, depth=node.depth)

    def goal(self, node: Node) -> None:
        self.record(GOAL, node.id)

    def iteration(self, limit: int) -> None:
        self.record(ITERATION, NO, depth=limit)

    # -- replay -------------------------------------------------------------------------

    def state_at(self, k: int) -> TraceState:
        """The search as it stood after the first ``k`` events."""
        if not 0 <= k <= len(self.events):
            raise IndexError(f"step {k} is outside 0..{len(self.events)}")
        if self._index is None or self._index.size != len(self.events):
            self._index = _Index(self.events)
        index = self._index
        current = index.current[k]
        goal = index.goal if index.goal_at < k else NO
        path = self._path(current, index.parents, index.via)
        return TraceState(k, current, path, goal, index.counts(k), self, index)

    def _path(self, node: int, parents: dict[int, int], via: dict[int, int]) -> list[Move]:
        path: list[Move] = []
        while node != NO and node in parents and parents[node] != NO:
            path.append(self.moves[via[node]])
            node = parents[node]
        return path[::-1]

    def position_of(self, moves: list[Move]) -> Position:
        """The position reached by playing ``moves`` from the start."""
        game = Game(self.start, validate=False)
        for move in moves:
            game.push(move)
        return game.position()

    # -- files ----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The ``wisp-trace/1`` object."""
        return {"format": TRACE_FORMAT, "algorithm": self.algorithm, "options": self.options,
                "start": position_to_dict(self.start), "moves": [move_to_dict(m) for m in self.moves],
                "rules": self.rules, "kinds": list(KINDS), "events": self.events}

    def to_json(self) -> str:
        """Compact JSON text (a 100,000-event trace is a few MB)."""
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | bytes) -> Trace:
        """Read a trace saved with ``to_json``."""
        doc = load_json(text)
        if not isinstance(doc, dict) or doc.get("format") != TRACE_FORMAT:
            raise FormatError(f"not a {TRACE_FORMAT} document")
        check_trace_dict(doc, len(KINDS))  # shape and references, so replaying it cannot fail or loop
        trace = cls(start=position_from_dict(doc["start"], "start"), algorithm=str(doc["algorithm"]),
                    options=dict(doc.get("options", {})))
        trace.moves = [move_from_dict(m, f"moves[{i}]") for i, m in enumerate(doc["moves"])]
        trace.rules = [str(r) for r in doc["rules"]]
        trace.events = [list(map(int, e)) for e in doc["events"]]
        trace._move_index = {m: i for i, m in enumerate(trace.moves)}
        trace._rule_index = {r: i for i, r in enumerate(trace.rules)}
        return trace


class _Index:
    """When each node was reached (and how) and expanded, and the current node after every event."""

    def __init__(self, events: list[list[int]]) -> None:
        self.size = len(events)
        self.parents: dict[int, int] = {}
        self.via: dict[int, int] = {}
        self.reached: dict[int, tuple[int, int]] = {}  # node -> (event index, kind)
        self.expanded: dict[int, int] = {}  # node -> event index
        self.discarded: dict[int, int] = {}  # node -> event index (taken from the frontier out of date)
        self.by_kind: list[list[int]] = [[] for _ in KINDS]  # the event indexes of each kind
        self.roots: list[tuple[int, int]] = []  # (event index, node) of each root generated (one per pass)
        self.current = [NO] * (len(events) + 1)  # the current node after the first k events
        self.goal = self.goal_at = NO
        current = NO
        for i, event in enumerate(events):
            kind, node, parent, move = event[0], event[1], event[2], event[3]
            self.by_kind[kind].append(i)
            if kind == ITERATION:
                current = NO
            elif kind in (GENERATE, DUPLICATE, PRUNE):
                self.parents[node], self.via[node] = parent, move
                self.reached[node] = (i, kind)
                if parent == NO:
                    self.roots.append((i, node))
            elif kind == EXPAND:
                self.expanded[node] = i
                current = node
            elif kind == DISCARD:
                self.discarded[node] = i
            elif kind == BACKTRACK:
                current = self.parents.get(node, NO)
            elif kind == GOAL:
                current = node
                if self.goal == NO:
                    self.goal, self.goal_at = node, i
            self.current[i + 1] = current

    def counts(self, k: int) -> dict[str, int]:
        return {name: bisect.bisect_left(self.by_kind[kind], k) for kind, name in enumerate(KINDS)}

    def since(self, k: int) -> int:
        """The index of the last iteration event before step ``k`` (its tree is the one shown), or -1."""
        starts = self.by_kind[ITERATION]
        at = bisect.bisect_left(starts, k)
        return starts[at - 1] if at else -1

    def root_at(self, k: int) -> int:
        """The root of the pass that step ``k`` is in (the search's first root before any iteration), generated by
        then or the next event to come; -1 when the log has none."""
        roots = self.roots
        at = bisect.bisect_right(roots, (self.since(k), NO))
        return roots[at][1] if at < len(roots) else NO

    def reached_as(self, k: int, kind: int) -> frozenset[int]:
        start = self.since(k)
        return frozenset(n for n, (i, how) in self.reached.items() if how == kind and start < i < k)

    def expanded_by(self, k: int) -> frozenset[int]:
        start = self.since(k)
        return frozenset(n for n, i in self.expanded.items() if start < i < k)

    def discarded_by(self, k: int) -> frozenset[int]:
        start = self.since(k)
        return frozenset(n for n, i in self.discarded.items() if start < i < k)


def _intern(table: list, index: dict, value) -> int:
    """The position of ``value`` in ``table``, appending it the first time."""
    at = index.get(value)
    if at is None:
        at = index[value] = len(table)
        table.append(value)
    return at


class TraceState:
    """One step of a trace: the current node, its path and position, and the node sets (built when asked for)."""

    __slots__ = ("_cache", "_index", "counts", "current", "goal", "path", "step", "trace")

    def __init__(self, step: int, current: int, path: list[Move], goal: int, counts: dict[str, int], trace: Trace,
                 index: _Index) -> None:
        self.step, self.current, self.path, self.goal = step, current, path, goal
        self.counts, self.trace = counts, trace
        self._index = index
        self._cache: dict[str, frozenset[int]] = {}

    def __repr__(self) -> str:
        return f"TraceState(step={self.step}, current={self.current}, goal={self.goal}, path={len(self.path)} moves)"

    def _nodes(self, name: str) -> frozenset[int]:
        if name not in self._cache:
            index, k = self._index, self.step
            if name == "explored":
                self._cache[name] = index.expanded_by(k)
            elif name == "frontier":
                self._cache[name] = index.reached_as(k, GENERATE) - index.expanded_by(k) - index.discarded_by(k)
            elif name == "duplicates":  # dropped when generated, or taken from the frontier out of date
                self._cache[name] = index.reached_as(k, DUPLICATE) | index.discarded_by(k)
            else:
                self._cache[name] = index.reached_as(k, PRUNE)
        return self._cache[name]

    @property
    def stack(self) -> list[int]:
        """A depth-first search's stack, top first: a node generated and not yet expanded (the child it goes down to
        next), then the nodes from the current one back to the root. The trace view's "stack N" is its length.

        Each node is listed once: at the goal the current node is the goal, generated and never expanded, so it is
        both the child pushed last and the path's end (it was listed twice, "94, 94, 91, ...")."""
        on_path: list[int] = []
        node, parents = self.current, self._index.parents
        while node != NO:
            on_path.append(node)
            node = parents.get(node, NO)
        path_nodes = set(on_path)
        waiting = sorted((n for n in self.frontier if n not in path_nodes), key=lambda n: self._index.reached[n][0],
                         reverse=True)
        return waiting + on_path

    @property
    def root(self) -> int:
        """The root of the tree shown at this step: node 0, or for iterative deepening the root of the current pass
        (each pass generates a root of its own, with an id of its own). Before it is generated (step 0, or just
        after a new pass begins) it is the id the next event gives it: the view draws it unfilled."""
        return self._index.root_at(self.step)

    @property
    def root_reached(self) -> bool:
        """Whether the root of the tree shown has been generated by this step."""
        reached = self._index.reached.get(self.root)
        return reached is not None and reached[0] < self.step

    @property
    def limit(self) -> int | None:
        """The depth limit in force: iterative deepening's current pass's, a depth-limited search's, else None."""
        start = self._index.since(self.step)
        if start >= 0:
            return self.trace.events[start][4]
        limit = self.trace.options.get("depth_limit")
        return limit if isinstance(limit, int) and not isinstance(limit, bool) else None

    @property
    def frontier(self) -> frozenset[int]:
        """Nodes generated and not yet expanded."""
        return self._nodes("frontier")

    @property
    def explored(self) -> frozenset[int]:
        """Nodes expanded."""
        return self._nodes("explored")

    @property
    def pruned(self) -> frozenset[int]:
        """Moves a pruning rule removed (each a node id)."""
        return self._nodes("pruned")

    @property
    def duplicates(self) -> frozenset[int]:
        """Successors dropped because their state was already reached, and frontier entries skipped when taken
        because a cheaper path to their state was found after they were added (best-first search)."""
        return self._nodes("duplicates")

    @property
    def position(self) -> Position:
        """The position at the current node."""
        return self.trace.position_of(self.path)
