"""Textbook search algorithms over a ``SearchProblem``, each able to record a ``Trace``.

Breadth-first, depth-first, depth-limited, iterative deepening, greedy best-first,
A* and weighted A*. ``dedupe`` switches duplicate detection (the transposition
table) on or off; depth-first search always refuses to revisit a position on its
own path, so it cannot loop.
"""

from __future__ import annotations

import heapq
import itertools
import time
from collections import deque
from dataclasses import dataclass, field

from ..engine.game import Game
from ..engine.move import Move
from ..engine.position import Position
from .problem import HEURISTICS, Heuristic, SearchProblem
from .trace import BACKTRACK, DUPLICATE, EXPAND, GENERATE, GOAL, ITERATION, NO, PRUNE, Trace

DEFAULT_MAX_EXPANSIONS = 200_000


@dataclass
class SearchResult:
    """What a search found and what it cost."""

    algorithm: str
    solved: bool
    moves: list[Move]
    expanded: int
    generated: int
    seconds: float
    peak_nodes: int  # most nodes held at once (frontier plus explored): the memory figure
    exhausted: bool  # searched everything reachable without finding a win
    trace: Trace | None = field(default=None, repr=False)
    visited: list[tuple] | None = field(default=None, repr=False)

    @property
    def length(self) -> int | None:
        """Solution length in moves (None when not solved)."""
        return len(self.moves) if self.solved else None


class _Run:
    """Shared bookkeeping: node ids, counters, the optional trace."""

    def __init__(self, name: str, problem: SearchProblem, record: bool, options: dict) -> None:
        self.problem = problem
        self.trace = Trace(problem.start, name, options) if record else None
        self.ids = itertools.count()
        self.expanded = self.generated = 0
        self.started = time.perf_counter()
        self.peak = 0
        self.visited: list[tuple] | None = [] if record else None  # state keys in expansion order

    def expand(self, game: Game) -> None:
        self.expanded += 1
        if self.visited is not None:
            self.visited.append(self.problem.key(game))

    def event(self, *args, **kwargs) -> None:
        if self.trace is not None:
            self.trace.record(*args, **kwargs)

    def result(self, name: str, moves: list[Move] | None, exhausted: bool) -> SearchResult:
        return SearchResult(name, moves is not None, moves or [], self.expanded, self.generated,
                            time.perf_counter() - self.started, self.peak, exhausted, self.trace, self.visited)


def _replay(start: Position, moves: list[Move]) -> Game:
    game = Game(start, validate=False)
    for move in moves:
        game.push(move)
    return game


def breadth_first(problem: SearchProblem, *, dedupe: bool = True, max_expansions: int = DEFAULT_MAX_EXPANSIONS,
                  record: bool = False) -> SearchResult:
    """Breadth-first search: the first solution found is a shortest one."""
    run = _Run("bfs", problem, record, {"dedupe": dedupe})
    game = problem.game()
    root = next(run.ids)
    run.event(GENERATE, root, frontier=1)
    if problem.is_goal(game):
        run.event(GOAL, root)
        return run.result("bfs", [], False)
    frontier: deque[tuple[int, list[Move]]] = deque([(root, [])])
    seen = {problem.key(game)}
    while frontier and run.expanded < max_expansions:
        node, path = frontier.popleft()
        game = _replay(problem.start, path)
        run.expand(game)
        run.event(EXPAND, node, depth=len(path), g=len(path), frontier=len(frontier), explored=run.expanded)
        kept, pruned = problem.successors(game)
        for move, rule in pruned:
            run.event(PRUNE, next(run.ids), node, move, len(path) + 1, rule=rule)
        for move in kept:
            game.push(move)
            child = next(run.ids)
            key = problem.key(game) if dedupe else None
            if dedupe and key in seen:
                run.event(DUPLICATE, child, node, move, len(path) + 1)
            else:
                if dedupe:
                    seen.add(key)
                run.generated += 1
                run.event(GENERATE, child, node, move, len(path) + 1, g=len(path) + 1, frontier=len(frontier) + 1,
                          explored=run.expanded)
                if problem.is_goal(game):
                    run.event(GOAL, child)
                    return run.result("bfs", [*path, move], False)
                frontier.append((child, [*path, move]))
            game.pop()
        run.peak = max(run.peak, len(frontier) + (len(seen) if dedupe else run.expanded))
    return run.result("bfs", None, not frontier)


def depth_first(problem: SearchProblem, *, dedupe: bool = True, depth_limit: int | None = None,
                max_expansions: int = DEFAULT_MAX_EXPANSIONS, record: bool = False,
                _run: _Run | None = None) -> SearchResult:
    """Depth-first search (depth-limited when ``depth_limit`` is set)."""
    name = "dfs" if depth_limit is None else "depth-limited"
    run = _run or _Run(name, problem, record, {"dedupe": dedupe, "depth_limit": depth_limit})
    game = problem.game()
    root = next(run.ids)
    run.event(GENERATE, root, frontier=1)
    seen = {problem.key(game)}
    on_path = [problem.key(game)]
    cut_off = False
    # Each frame: node id, the moves still to try, and whether we pushed a move to get here.
    stack: list[tuple[int, list[Move]]] = []

    def open_node(node: int) -> None:
        nonlocal cut_off
        run.expand(game)
        depth = len(stack)
        run.event(EXPAND, node, depth=depth, g=depth, frontier=len(stack), explored=run.expanded)
        if depth_limit is not None and depth >= depth_limit:
            cut_off = True
            stack.append((node, []))
            return
        kept, pruned = problem.successors(game)
        for move, rule in pruned:
            run.event(PRUNE, next(run.ids), node, move, depth + 1, rule=rule)
        stack.append((node, list(reversed(kept))))

    if problem.is_goal(game):
        run.event(GOAL, root)
        return run.result(name, [], False)
    open_node(root)
    while stack and run.expanded < max_expansions:
        node, todo = stack[-1]
        if not todo:
            stack.pop()
            run.event(BACKTRACK, node, depth=len(stack))
            if stack:
                game.pop()
                on_path.pop()
            continue
        move = todo.pop()
        game.push(move)
        key = problem.key(game)
        child = next(run.ids)
        if key in on_path or (dedupe and key in seen):
            run.event(DUPLICATE, child, node, move, len(stack))
            game.pop()
            continue
        seen.add(key) if dedupe else None
        run.generated += 1
        run.event(GENERATE, child, node, move, len(stack), g=len(stack), frontier=len(stack), explored=run.expanded)
        if problem.is_goal(game):
            run.event(GOAL, child)
            return run.result(name, game.moves_played[len(problem.game().moves_played):], False)
        on_path.append(key)
        run.peak = max(run.peak, len(seen) if dedupe else len(stack))
        open_node(child)
    exhausted = not stack and not cut_off
    return run.result(name, None, exhausted)


def iterative_deepening(problem: SearchProblem, *, max_depth: int = 200, dedupe: bool = False,
                        max_expansions: int = DEFAULT_MAX_EXPANSIONS, record: bool = False) -> SearchResult:
    """Depth-limited searches with limits 0, 1, 2, ...: shortest solutions with depth-first memory."""
    run = _Run("iddfs", problem, record, {"dedupe": dedupe, "max_depth": max_depth})
    for limit in range(max_depth + 1):
        run.event(ITERATION, NO, depth=limit)
        result = depth_first(problem, dedupe=dedupe, depth_limit=limit, max_expansions=max_expansions - run.expanded,
                             _run=run)
        if result.solved or result.exhausted or run.expanded >= max_expansions:
            return run.result("iddfs", result.moves if result.solved else None, result.exhausted)
    return run.result("iddfs", None, False)


def best_first(problem: SearchProblem, heuristic: str | Heuristic = "disorder", *, weight: float = 1.0,
               greedy: bool = False, dedupe: bool = True, max_expansions: int = DEFAULT_MAX_EXPANSIONS,
               record: bool = False) -> SearchResult:
    """A* (``f = g + weight * h``), weighted A* (``weight > 1``) or greedy best-first (``f = h``).

    With an admissible heuristic and ``weight == 1`` the solution is a shortest one.
    """
    h = HEURISTICS[heuristic] if isinstance(heuristic, str) else heuristic
    name = "greedy" if greedy else ("astar" if weight == 1 else "weighted-astar")
    run = _Run(name, problem, record, {"dedupe": dedupe, "heuristic": getattr(h, "__name__", str(heuristic)),
                                       "weight": weight})
    game = problem.game()
    root = next(run.ids)
    h0 = h(game)
    run.event(GENERATE, root, h=h0, frontier=1)
    tie = itertools.count()
    frontier: list[tuple[float, int, int, list[Move]]] = [(h0 if greedy else weight * h0, next(tie), root, [])]
    best_g = {problem.key(game): 0}
    while frontier and run.expanded < max_expansions:
        _, _, node, path = heapq.heappop(frontier)
        game = _replay(problem.start, path)
        g = len(path)
        key = problem.key(game)
        if dedupe and best_g.get(key, g) < g:
            continue  # a shorter way here was found after this entry was queued
        run.expand(game)
        run.event(EXPAND, node, depth=g, g=g, h=h(game), frontier=len(frontier), explored=run.expanded)
        if problem.is_goal(game):
            run.event(GOAL, node)
            return run.result(name, path, False)
        kept, pruned = problem.successors(game)
        for move, rule in pruned:
            run.event(PRUNE, next(run.ids), node, move, g + 1, rule=rule)
        for move in kept:
            game.push(move)
            child = next(run.ids)
            child_key = problem.key(game)
            if dedupe and best_g.get(child_key, g + 2) <= g + 1:
                run.event(DUPLICATE, child, node, move, g + 1)
            else:
                if dedupe:
                    best_g[child_key] = g + 1
                hv = h(game)
                run.generated += 1
                run.event(GENERATE, child, node, move, g + 1, g=g + 1, h=hv, frontier=len(frontier) + 1,
                          explored=run.expanded)
                f = hv if greedy else g + 1 + weight * hv
                heapq.heappush(frontier, (f, next(tie), child, [*path, move]))
            game.pop()
        run.peak = max(run.peak, len(frontier) + (len(best_g) if dedupe else run.expanded))
    return run.result(name, None, not frontier)


def astar(problem: SearchProblem, heuristic: str | Heuristic = "cards-left", **kwargs) -> SearchResult:
    """A* search (admissible heuristic: shortest solutions)."""
    return best_first(problem, heuristic, **kwargs)


def greedy_best_first(problem: SearchProblem, heuristic: str | Heuristic = "disorder", **kwargs) -> SearchResult:
    """Greedy best-first search: always expand the node that looks closest to a win."""
    return best_first(problem, heuristic, greedy=True, **kwargs)


def weighted_astar(problem: SearchProblem, heuristic: str | Heuristic = "disorder", weight: float = 2.0,
                   **kwargs) -> SearchResult:
    """Weighted A*: solutions at most ``weight`` times longer than the shortest (admissible h), found faster."""
    return best_first(problem, heuristic, weight=weight, **kwargs)


ALGORITHMS = {
    "bfs": breadth_first,
    "dfs": depth_first,
    "iddfs": iterative_deepening,
    "greedy": greedy_best_first,
    "astar": astar,
    "weighted-astar": weighted_astar,
}
