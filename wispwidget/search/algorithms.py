"""Textbook search algorithms over a ``Problem``, each a short function citing its figure.

Figures are those of Russell and Norvig, *Artificial Intelligence: A Modern
Approach*, 4th edition (AIMA), chapter 3. Each search reports what it does to an
``observer`` (a no-op by default; pass a ``Trace`` to record the search, or use
``trace()``). ``dedupe`` switches duplicate detection (the table of reached
states) on or off; depth-first search always refuses to revisit a position on
its own path, so it cannot loop.
"""

from __future__ import annotations

import heapq
import itertools
import math
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ..engine.game import Game
from ..engine.move import Move
from ..engine.position import Position
from ..errors import WispError
from ..limits import echo
from .node import NO_OBSERVER, Node, SearchObserver
from .problem import HEURISTICS, PRUNING_RULES, Heuristic, SearchProblem
from .solver import CancelToken, position_of
from .trace import Trace

DEFAULT_MAX_EXPANSIONS = 200_000
DEFAULT_DEPTH_LIMIT = 50  # depth-limited search's, when no limit is given


class SearchCancelled(WispError):
    """A search stopped because its problem's ``cancel`` token was cancelled (another search replaced it)."""


@dataclass
class SearchResult:
    """What a search found and what it cost."""

    algorithm: str
    solved: bool
    moves: list[Move]
    expanded: int
    generated: int  # nodes put on the frontier, the root included (the trace's "generate" events)
    seconds: float
    peak_nodes: int  # most nodes held at once (frontier plus explored): the memory figure
    exhausted: bool  # searched everything reachable without finding a win
    trace: Trace | None = field(default=None, repr=False)

    @property
    def length(self) -> int | None:
        """Solution length in moves (None when not solved)."""
        return len(self.moves) if self.solved else None

    @property
    def visited(self) -> list[tuple] | None:
        """The state keys of the expanded nodes, in order (recorded searches only)."""
        return self.trace.visited if self.trace is not None else None


class Counters(SearchObserver):
    """Counts what a search does and passes every report on to ``observer``."""

    def __init__(self, name: str, observer: SearchObserver) -> None:
        self.name, self.observer = name, observer
        self.expanded = self.generated = self.peak = 0
        self.started = time.perf_counter()

    def generate(self, node: Node, frontier: int, explored: int = -1) -> None:
        self.generated += 1
        self.observer.generate(node, frontier, self.expanded)

    def expand(self, node: Node, frontier: int, explored: int = -1) -> None:
        self.expanded += 1
        self.observer.expand(node, frontier, self.expanded)

    def duplicate(self, node: Node) -> None:
        self.observer.duplicate(node)

    def discard(self, node: Node, frontier: int, explored: int = -1) -> None:
        self.observer.discard(node, frontier, self.expanded)

    def prune(self, parent: Node, move: Move, rule: str) -> None:
        self.observer.prune(parent, move, rule)

    def backtrack(self, node: Node) -> None:
        self.observer.backtrack(node)

    def goal(self, node: Node) -> None:
        self.observer.goal(node)

    def memory(self, held: int) -> None:
        """Note that the search holds ``held`` nodes now (the peak is the memory figure)."""
        self.peak = max(self.peak, held)

    def result(self, node: Node | None, exhausted: bool = False) -> SearchResult:
        """The search's result: ``node`` is the goal reached (None when none was)."""
        if node is not None:
            self.goal(node)
        observer = self.observer
        return SearchResult(self.name, node is not None, node.path() if node else [], self.expanded, self.generated,
                            time.perf_counter() - self.started, self.peak, exhausted,
                            observer if isinstance(observer, Trace) else None)


def root(problem: SearchProblem, h: Heuristic | None = None) -> Node:
    """The root node: the initial state, depth 0, path cost 0."""
    game = problem.game_at(problem.initial)
    return Node(problem.initial, key=problem.key(game), h=h(game) if h else 0)


def expand(problem: SearchProblem, node: Node, observer: SearchObserver,
           h: Heuristic | None = None) -> Iterator[Node]:
    """The child nodes of ``node`` (AIMA Figure 3.7, EXPAND); moves a pruning rule removes are reported.

    Raises ``SearchCancelled`` once the problem's ``cancel`` token is cancelled."""
    if problem.cancel is not None and problem.cancel.cancelled:
        raise SearchCancelled("the search was cancelled")
    game = problem.game_at(node.state)
    kept, pruned = problem.successors(game)
    for move, rule in pruned:
        observer.prune(node, move, rule)
    for move in kept:
        game.push(move)
        child = Node(game.position(), node, move, node.depth + 1, node.g + 1, key=problem.key(game),
                     h=h(game) if h else 0)
        game.pop()
        yield child


def _observer(problem: SearchProblem, record: bool, name: str, options: dict, observer: SearchObserver):
    return Trace(problem.start, name, options) if record else observer


# -- uninformed search ---------------------------------------------------------------------


def breadth_first(problem: SearchProblem, *, dedupe: bool = True, max_expansions: int = DEFAULT_MAX_EXPANSIONS,
                  observer: SearchObserver = NO_OBSERVER, record: bool = False) -> SearchResult:
    """Breadth-first search (AIMA Figure 3.9): the first solution found is a shortest one."""
    run = Counters("bfs", _observer(problem, record, "bfs", {"dedupe": dedupe}, observer))
    node = root(problem)
    run.generate(node, 1)
    if problem.goal_test(node.state):
        return run.result(node)
    frontier = deque([node])  # a FIFO queue
    reached = {node.key}
    while frontier and run.expanded < max_expansions:
        node = frontier.popleft()
        run.expand(node, len(frontier))
        for child in expand(problem, node, run):
            if dedupe and child.key in reached:
                run.duplicate(child)
                continue
            reached.add(child.key)
            run.generate(child, len(frontier) + 1)
            if problem.goal_test(child.state):  # the early goal test
                return run.result(child)
            frontier.append(child)
        run.memory(len(frontier) + run.expanded)  # the frontier and the explored nodes (reached holds both)
    return run.result(None, exhausted=not frontier)


def depth_first(problem: SearchProblem, *, dedupe: bool = True, depth_limit: int | None = None,
                max_expansions: int = DEFAULT_MAX_EXPANSIONS, observer: SearchObserver = NO_OBSERVER,
                record: bool = False) -> SearchResult:
    """Depth-first search (AIMA section 3.4.3); depth-limited (Figure 3.12) when ``depth_limit`` is set.

    The stack holds, for each node on the current path, the successors it has
    still to try. A node at the depth limit is expanded with no successors.
    With ``dedupe`` and a depth limit, a state is skipped only when it was
    reached before at the same depth or shallower: met first by a longer path,
    it had less of the limit left below it, and skipping it then would miss
    solutions within the limit (iterative deepening would stop being shortest).
    """
    name = "dfs" if depth_limit is None else "depth-limited"
    run = Counters(name, _observer(problem, record, name, {"dedupe": dedupe, "depth_limit": depth_limit}, observer))
    node = root(problem)
    run.generate(node, 1)
    if problem.goal_test(node.state):
        return run.result(node)
    reached = {node.key: 0}  # each state reached, at the shallowest depth it was met
    stack: list[tuple[Node, Iterator[Node]]] = []  # a LIFO stack
    cut_off = False
    down: Node | None = node  # a node just reached, to expand next
    while run.expanded < max_expansions:
        if down is not None:
            run.expand(down, len(stack))
            at_limit = depth_limit is not None and down.depth >= depth_limit
            cut_off |= at_limit
            stack.append((down, iter(()) if at_limit else expand(problem, down, run)))
        parent, children = stack[-1]
        down = next(children, None)
        if down is None:  # every successor tried
            stack.pop()
            run.backtrack(parent)
            if not stack:
                break
        elif parent.on_path(down.key) or (dedupe and down.key in reached and
                                          (depth_limit is None or reached[down.key] <= down.depth)):
            run.duplicate(down)
            down = None
        else:
            if dedupe:
                reached[down.key] = down.depth
            run.generate(down, len(stack))
            if problem.goal_test(down.state):
                return run.result(down)
            run.memory(len(reached) if dedupe else len(stack))
    return run.result(None, exhausted=not stack and not cut_off)


def depth_limited(problem: SearchProblem, limit: int = DEFAULT_DEPTH_LIMIT, **kwargs: Any) -> SearchResult:
    """Depth-limited search (AIMA Figure 3.12): depth-first search that does not go below ``limit``."""
    return depth_first(problem, depth_limit=limit, **kwargs)


def iterative_deepening(problem: SearchProblem, *, max_depth: int = 200, dedupe: bool = False,
                        max_expansions: int = DEFAULT_MAX_EXPANSIONS, observer: SearchObserver = NO_OBSERVER,
                        record: bool = False) -> SearchResult:
    """Iterative deepening (AIMA Figure 3.12): depth-limited searches with limits 0, 1, 2, ...

    Shortest solutions with depth-first memory; the counts are the sums over the iterations.
    """
    observer = _observer(problem, record, "iddfs", {"dedupe": dedupe, "max_depth": max_depth}, observer)
    total = Counters("iddfs", observer)
    for limit in range(max_depth + 1):
        observer.iteration(limit)
        result = depth_limited(problem, limit, dedupe=dedupe, max_expansions=max_expansions - total.expanded,
                               observer=observer)
        total.expanded += result.expanded
        total.generated += result.generated
        total.memory(result.peak_nodes)
        if result.solved or result.exhausted or total.expanded >= max_expansions:
            break
    return SearchResult("iddfs", result.solved, result.moves, total.expanded, total.generated,
                        time.perf_counter() - total.started, total.peak, result.exhausted,
                        observer if isinstance(observer, Trace) else None)


# -- best-first search -----------------------------------------------------------------------


def best_first(problem: SearchProblem, f: Callable[[Node], float], h: Heuristic | None = None, *,
               name: str = "best-first", dedupe: bool = True, max_expansions: int = DEFAULT_MAX_EXPANSIONS,
               observer: SearchObserver = NO_OBSERVER, options: dict | None = None,
               record: bool = False) -> SearchResult:
    """Best-first search (AIMA Figure 3.7): always expand the frontier node with the lowest ``f``.

    The goal test is made when a node is expanded, so with ``f = g + h`` and an
    admissible ``h`` the first goal expanded is a shortest solution.
    """
    run = Counters(name, _observer(problem, record, name, {"dedupe": dedupe, **(options or {})}, observer))
    node = root(problem, h)
    run.generate(node, 1)
    tie = itertools.count()  # equal f: first in, first out
    frontier = [(f(node), next(tie), node)]  # a priority queue
    reached = {node.key: node.g}  # the cheapest path cost found to each state
    while frontier and run.expanded < max_expansions:
        _, _, node = heapq.heappop(frontier)
        if dedupe and reached[node.key] < node.g:
            run.discard(node, len(frontier))  # a cheaper way here was found after this entry was queued
            continue
        run.expand(node, len(frontier))
        if problem.goal_test(node.state):  # the late goal test
            return run.result(node)
        for child in expand(problem, node, run, h):
            if dedupe and reached.get(child.key, child.g + 1) <= child.g:
                run.duplicate(child)
                continue
            if dedupe:
                reached[child.key] = child.g
            run.generate(child, len(frontier) + 1)
            heapq.heappush(frontier, (f(child), next(tie), child))
        run.memory(len(frontier) + run.expanded)  # the frontier and the explored nodes (reached holds both)
    return run.result(None, exhausted=not frontier)


class SearchOptionError(WispError, ValueError):
    """An algorithm or heuristic that the teaching searches do not know (or an algorithm that uses none)."""


def _heuristic(heuristic: str | Heuristic) -> Heuristic:
    if not isinstance(heuristic, str):
        return heuristic
    if heuristic not in HEURISTICS:
        raise SearchOptionError(f"unknown heuristic {echo(heuristic)}; known: {', '.join(HEURISTICS)}")
    return HEURISTICS[heuristic]


def _h_name(heuristic: str | Heuristic) -> str:
    return heuristic if isinstance(heuristic, str) else getattr(heuristic, "__name__", str(heuristic))


def uniform_cost(problem: SearchProblem, **kwargs: Any) -> SearchResult:
    """Uniform-cost search (AIMA Figure 3.9): best-first search with ``f = g``."""
    return best_first(problem, lambda n: n.g, name="ucs", **kwargs)


def astar(problem: SearchProblem, heuristic: str | Heuristic = "cards-left", **kwargs: Any) -> SearchResult:
    """A* search (AIMA section 3.5.2): ``f = g + h``; an admissible ``h`` gives shortest solutions."""
    return best_first(problem, lambda n: n.g + n.h, _heuristic(heuristic), name="astar",
                      options={"heuristic": _h_name(heuristic), "weight": 1.0}, **kwargs)


def greedy_best_first(problem: SearchProblem, heuristic: str | Heuristic = "disorder", **kwargs: Any) -> SearchResult:
    """Greedy best-first search (AIMA section 3.5.1): ``f = h``, the node that looks closest to a win."""
    return best_first(problem, lambda n: n.h, _heuristic(heuristic), name="greedy",
                      options={"heuristic": _h_name(heuristic), "weight": 1.0}, **kwargs)


def weighted_astar(problem: SearchProblem, heuristic: str | Heuristic = "disorder", weight: float = 2.0,
                   **kwargs: Any) -> SearchResult:
    """Weighted A* (AIMA section 3.5.5): ``f = g + weight * h``.

    With an admissible ``h``, solutions are at most ``weight`` times the shortest.
    """
    return best_first(problem, lambda n: n.g + weight * n.h, _heuristic(heuristic),
                      name="astar" if weight == 1 else "weighted-astar",
                      options={"heuristic": _h_name(heuristic), "weight": weight}, **kwargs)


ALGORITHMS: dict[str, Callable[..., SearchResult]] = {
    "bfs": breadth_first,
    "dfs": depth_first,
    "depth-limited": depth_limited,
    "iddfs": iterative_deepening,
    "ucs": uniform_cost,
    "greedy": greedy_best_first,
    "astar": astar,
    "weighted-astar": weighted_astar,
}
ALGORITHM_NAMES = {  # each search's name for a person (js/trace/names.ts says the same in the view)
    "bfs": "Breadth-first search",
    "dfs": "Depth-first search",
    "depth-limited": "Depth-limited search",
    "iddfs": "Iterative deepening search",
    "ucs": "Uniform-cost search",
    "greedy": "Greedy best-first search",
    "astar": "A* search",
    "weighted-astar": "Weighted A*",
}
INFORMED = {"greedy", "astar", "weighted-astar"}
DEFAULT_HEURISTIC = {"greedy": "disorder", "astar": "cards-left", "weighted-astar": "disorder"}
TRACE_MAX_EXPANSIONS = 20_000


def algorithm_name(algorithm: str, options: dict | None = None) -> str:
    """A search's name for a person, "Depth-limited search (limit 4)" with its limit; the id itself if unknown."""
    name = ALGORITHM_NAMES.get(algorithm, algorithm)
    options = options or {}
    if algorithm == "depth-limited" and options.get("depth_limit") is not None:
        name += f" (limit {options['depth_limit']})"
    elif algorithm == "weighted-astar" and options.get("weight") is not None:
        name += f" (weight {options['weight']:g})"
    return name


def check_depth_limit(value: object, what: str = "the depth limit") -> int:
    """A depth limit: a whole number 0 or more; ``SearchOptionError`` in one sentence otherwise."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise SearchOptionError(f"{what} must be a whole number, 0 or more, not {echo(value)}")
    return value


def check_weight(value: object) -> float:
    """Weighted A*'s weight: a finite number above 0; ``SearchOptionError`` in one sentence otherwise."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value <= 0:
        raise SearchOptionError(f"the weight must be a number above 0, not {echo(value)}")
    return float(value)


def algorithm_named(name: object) -> Callable[..., SearchResult]:
    """The search called ``name``, one of ``ALGORITHMS``; ``SearchOptionError`` for any other name."""
    if not isinstance(name, str) or name not in ALGORITHMS:
        raise SearchOptionError(f"unknown algorithm {echo(name)}; known: {', '.join(ALGORITHMS)}")
    return ALGORITHMS[name]


def trace(position: Position | Game, algorithm: str = "bfs", heuristic: str | None = None, *,
          dedupe: bool | None = None, pruning: Any = None, ordering: bool = False,
          max_expansions: int = TRACE_MAX_EXPANSIONS, cancel: CancelToken | None = None,
          **switches: Any) -> SearchResult:
    """Run one search on ``position`` and record it: the result, with its ``Trace`` in ``result.trace``.

    ``algorithm`` is one of ``ALGORITHMS``; ``heuristic`` one of ``HEURISTICS``
    (informed searches only). Switches: ``dedupe`` (duplicate detection),
    ``pruning`` (the rule names to apply, all by default, or a dict of rule ->
    bool), ``ordering`` (most promising move first), ``max_expansions``, and the
    algorithm's own (``depth_limit`` / ``limit``, ``max_depth``, ``weight``). Anything but a ``Game`` or a
    ``Position`` raises ``WispError``; an unknown algorithm or heuristic, ``SearchOptionError``; a ``cancel``
    token cancelled from another thread, ``SearchCancelled`` at the search's next expansion.
    """
    position = position_of(position, "trace")
    search = algorithm_named(algorithm)
    if heuristic is not None and algorithm not in INFORMED:
        raise SearchOptionError(f"{algorithm} uses no heuristic")
    if isinstance(pruning, dict):
        pruning = {rule for rule, on in pruning.items() if on}
    problem = SearchProblem(position, pruning=frozenset(PRUNING_RULES if pruning is None else pruning),
                            ordering=ordering, cancel=cancel)
    kwargs: dict[str, Any] = {"max_expansions": max_expansions, "record": True, **switches}
    if dedupe is not None:
        kwargs["dedupe"] = dedupe
    if algorithm == "depth-limited":
        kwargs.setdefault("limit", kwargs.pop("depth_limit", DEFAULT_DEPTH_LIMIT))
    for key in ("limit", "depth_limit", "max_depth"):
        if kwargs.get(key) is not None:
            check_depth_limit(kwargs[key], "max_depth" if key == "max_depth" else "the depth limit")
    if "weight" in kwargs:
        check_weight(kwargs["weight"])
    if algorithm in INFORMED:
        kwargs["heuristic"] = heuristic or DEFAULT_HEURISTIC[algorithm]
    result = search(problem, **kwargs)
    assert result.trace is not None
    result.trace.options.update({"pruning": sorted(problem.pruning), "ordering": ordering,
                                 "max_expansions": max_expansions, "algorithm": algorithm})
    return result
