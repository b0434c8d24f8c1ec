"""Search-tree nodes and the observer a search reports to (AIMA 4th ed., section 3.3.2).

A ``Node`` holds a state (an immutable ``Position``), the node it came from, the
move that led here, its depth and its path cost ``g``. Its path is found by
following parents, never by replaying moves from the start.

A search reports what it does to a ``SearchObserver``; the default one does
nothing, and ``Trace`` (trace.py) records every call as an event.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.move import Move
from ..engine.position import Position


@dataclass(eq=False, slots=True)
class Node:
    """A node of the search tree."""

    state: Position
    parent: Node | None = None
    move: Move | None = None
    depth: int = 0
    g: float = 0
    key: tuple = field(default=(), repr=False)  # the state key duplicate detection compares
    h: float = 0  # the heuristic value, for the searches that use one
    id: int = -1  # set by a recording observer

    def path(self) -> list[Move]:
        """The moves from the root to this node."""
        moves: list[Move] = []
        node: Node | None = self
        while node is not None and node.move is not None:
            moves.append(node.move)
            node = node.parent
        return moves[::-1]

    def on_path(self, key: tuple) -> bool:
        """Whether a state with ``key`` is this node or one of its ancestors (depth-first search's loop check)."""
        node: Node | None = self
        while node is not None:
            if node.key == key:
                return True
            node = node.parent
        return False


class SearchObserver:
    """What a search reports as it runs. Every method does nothing here; ``Trace`` records them."""

    def generate(self, node: Node, frontier: int, explored: int) -> None:
        """``node`` was added to the frontier (which now holds ``frontier`` nodes)."""

    def expand(self, node: Node, frontier: int, explored: int) -> None:
        """``node`` was taken from the frontier and its successors are about to be generated."""

    def duplicate(self, node: Node) -> None:
        """``node``'s state was already reached: it is dropped."""

    def discard(self, node: Node, frontier: int, explored: int) -> None:
        """``node``, taken from the frontier, is out of date: a cheaper path to its state was found after it was
        added, so it is skipped (best-first search leaves such entries in its queue rather than search it)."""

    def prune(self, parent: Node, move: Move, rule: str) -> None:
        """The pruning rule ``rule`` removed ``move`` from ``parent``'s successors."""

    def backtrack(self, node: Node) -> None:
        """Depth-first search has tried every successor of ``node``."""

    def goal(self, node: Node) -> None:
        """``node`` passed the goal test."""

    def iteration(self, limit: int) -> None:
        """Iterative deepening starts again with depth limit ``limit``."""


NO_OBSERVER = SearchObserver()
