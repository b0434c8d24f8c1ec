"""Search traces: an ordered event log that replays any step of a search.

Each event is a small list of ints, ``[kind, node, parent, move, depth, g, h10,
frontier, explored, rule]``: ``move`` and ``rule`` index the trace's tables,
``h10`` is ten times the heuristic value. Step ``k`` (``state_at(k)``) is a pure
function of the start position and ``events[:k]``.

A ``Trace`` is a search observer (node.py): pass it to an algorithm as
``observer=`` and it records each report as an event, numbering the nodes in the
order they appear. ``state_at`` replays incrementally: asking for steps in
increasing order costs time linear in the last step overall (plus the size of
the node sets each answer copies).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ..engine.game import Game
from ..engine.move import Move
from ..engine.position import Position
from ..errors import FormatError
from ..io.formats import load_json, move_from_dict, move_to_dict, position_from_dict, position_to_dict
from .node import Node, SearchObserver

TRACE_FORMAT = "wisp-trace/1"
KINDS = ("generate", "expand", "duplicate", "prune", "backtrack", "goal", "iteration")
GENERATE, EXPAND, DUPLICATE, PRUNE, BACKTRACK, GOAL, ITERATION = range(len(KINDS))
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
    _cursor: _Replay | None = field(default=None, repr=False)

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
        if self._cursor is None or self._cursor.k > k:
            self._cursor = _Replay()
        cursor = self._cursor
        cursor.advance(self.events, k)
        path = self._path(cursor.current, cursor.parents, cursor.via)
        return TraceState(step=k, current=cursor.current, path=path, frontier=frozenset(cursor.frontier),
                          explored=frozenset(cursor.explored), pruned=frozenset(cursor.pruned),
                          duplicates=frozenset(cursor.duplicates), goal=cursor.goal, counts=dict(cursor.counts),
                          trace=self)

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
        trace = cls(start=position_from_dict(doc["start"], "start"), algorithm=str(doc["algorithm"]),
                    options=dict(doc.get("options", {})))
        trace.moves = [move_from_dict(m, f"moves[{i}]") for i, m in enumerate(doc["moves"])]
        trace.rules = [str(r) for r in doc["rules"]]
        trace.events = [list(map(int, e)) for e in doc["events"]]
        trace._move_index = {m: i for i, m in enumerate(trace.moves)}
        trace._rule_index = {r: i for i, r in enumerate(trace.rules)}
        return trace


class _Replay:
    """The node sets after the first ``k`` events, advanced one event at a time."""

    def __init__(self) -> None:
        self.k = 0
        self.parents: dict[int, int] = {}
        self.via: dict[int, int] = {}
        self.frontier: set[int] = set()
        self.explored: set[int] = set()
        self.pruned: set[int] = set()
        self.duplicates: set[int] = set()
        self.current = self.goal = NO
        self.counts = dict.fromkeys(KINDS, 0)

    def advance(self, events: list[list[int]], k: int) -> None:
        for event in events[self.k:k]:
            kind, node, parent, move = event[0], event[1], event[2], event[3]
            self.counts[KINDS[kind]] += 1
            if kind == ITERATION:
                for nodes in (self.frontier, self.explored, self.pruned, self.duplicates, self.parents, self.via):
                    nodes.clear()
                self.current = NO
            elif kind in (GENERATE, DUPLICATE, PRUNE):
                self.parents[node] = parent
                self.via[node] = move
                (self.frontier if kind == GENERATE else self.pruned if kind == PRUNE else self.duplicates).add(node)
            elif kind == EXPAND:
                self.frontier.discard(node)
                self.explored.add(node)
                self.current = node
            elif kind == BACKTRACK:
                self.current = self.parents.get(node, NO)
            elif kind == GOAL:
                self.goal = self.current = node
        self.k = max(self.k, k)


def _intern(table: list, index: dict, value) -> int:
    """The position of ``value`` in ``table``, appending it the first time."""
    at = index.get(value)
    if at is None:
        at = index[value] = len(table)
        table.append(value)
    return at


@dataclass(frozen=True)
class TraceState:
    """One step of a trace: the current node, its path and position, and the node sets."""

    step: int
    current: int
    path: list[Move]
    frontier: frozenset[int]
    explored: frozenset[int]
    pruned: frozenset[int]
    duplicates: frozenset[int]
    goal: int
    counts: dict[str, int]
    trace: Trace

    @property
    def position(self) -> Position:
        """The position at the current node."""
        return self.trace.position_of(self.path)
