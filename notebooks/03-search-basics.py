# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.6
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Search basics on a tiny deck
#
# Micro Wisp has eight cards (Ace to Four of spades and hearts) on three piles, so breadth-first search finishes
# and its whole tree fits on screen. Every search here walks the same engine you play with.

# %%
import wispwidget as ww
from wispwidget.io.text import render

start = ww.deal("micro-wisp", 1).position()
print(render(start, reveal=True))

# %% [markdown]
# ## The problem and its nodes
#
# As in the textbook (AIMA chapter 3), a `Problem` gives the initial state, the moves from a state, the result of
# a move and the goal test; a `Node` holds a state, its parent, the move that led to it, its depth and its path
# cost `g`. The algorithms in `wispwidget.search.algorithms` are a short function each, citing the figure they
# follow:

# %%
from wispwidget.io.words import move_words
from wispwidget.search.algorithms import breadth_first, expand, root
from wispwidget.search.node import NO_OBSERVER
from wispwidget.search.problem import Problem

print(breadth_first.__doc__)
problem = Problem(start)
node = root(problem)
for child in expand(problem, node, NO_OBSERVER):
    print(f"{move_words(child.move):30} depth {child.depth}  g {child.g}")  # piles counted from 1, as on screen

# %% [markdown]
# ## One entry point: `ww.trace`
#
# `ww.trace(position, algorithm, heuristic, **switches)` runs a search and records it. Breadth-first search finds
# a shortest solution; depth-first search finds *a* solution, often a long one, after expanding fewer nodes.
#
# Its switches start as the solver's: duplicate detection on (a state reached before is skipped) and three
# pruning rules on (moves that cannot matter are never generated; tutorial 4 shows what each removes), so the
# trees stay small enough to watch. `ww.trace(start, "bfs", dedupe=False, pruning=set())` is the textbook's plain
# tree search, every successor generated.

# %%
bfs = ww.trace(start, "bfs")
dfs = ww.trace(start, "dfs")
for result in (bfs, dfs):
    print(f"{result.algorithm}: solved={result.solved} length={result.length} expanded={result.expanded} "
          f"generated={result.generated} trace events={len(result.trace)}")
print("BFS:", "; ".join(map(move_words, bfs.moves)))
print("DFS:", "; ".join(map(move_words, dfs.moves)))

# %% [markdown]
# ## BFS against DFS, in lockstep
#
# The two searches side by side, one control bar: each step is one more expansion in both. Watch the frontier:
# breadth-first search holds a queue that grows level by level; depth-first search a stack as long as its path.
# Beside each tree: the frontier in the order the algorithm will take it, the explored nodes, and the
# pseudo-code with the line being executed. Click a node to jump to the step where it was reached; **Fit**
# shows the whole tree; **Presentation** (or the keys ←, →, space, Home, End) is for the projector.

# %%
pair = ww.SearchTraceWidget([bfs, dfs], lockstep="expansions")
pair

# %% [markdown]
# The widget's `step` is the current step, to read or set from Python; `states()` replays each search there.

# %%
pair.step = 20
for state in pair.states():
    # a depth-first search holds a stack (the child it goes down to next, then the path's nodes, each with its
    # successors still to try), as the view says
    held = f"stack {len(state.stack):3}" if state.trace.algorithm == "dfs" else f"frontier {len(state.frontier):3}"
    print(f"{state.trace.algorithm}: {held}  explored {len(state.explored):3}  path {len(state.path)} moves")

# %% [markdown]
# ## Step k is a pure function of the first k events

# %%
state = bfs.trace.state_at(40)
print("node", state.current, "| frontier", len(state.frontier), "| explored", len(state.explored))
print("path:", "; ".join(map(move_words, state.path)))
print(render(state.position, reveal=True))

# %% [markdown]
# In the widget, cards that were face down or in the stock at the start stay hidden (drawn as `??`) wherever the
# search moves them: a search looks at every card, but the class only sees what a player could.
# `ww.SearchTraceWidget(bfs, reveal=True)`, from Python only, shows them.
#
# ## BFS against DFS against A*, on this deal
#
# The comparison a lecture slide would show, each search run with `ww.trace`'s switches, so each row is the search
# the trace view above shows: nodes expanded, generated (the root included), solution length and memory (the
# most nodes held at once). A* uses the admissible
# `cards-left` heuristic, so its solution is as short as breadth-first search's.

# %%
ww.compare(start, ["bfs", "dfs", "astar"], timings=False, include_solver=False)
