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
from wispwidget.search.algorithms import breadth_first, depth_first
from wispwidget.search.problem import SearchProblem

start = ww.deal("micro-wisp", 1).position()
print(render(start, reveal=True))

# %%
problem = SearchProblem(start)
bfs = breadth_first(problem, record=True)
dfs = depth_first(problem, record=True)
for result in (bfs, dfs):
    print(f"{result.algorithm}: solved={result.solved} length={result.length} expanded={result.expanded} "
          f"generated={result.generated} trace events={len(result.trace)}")

# %% [markdown]
# Breadth-first search finds a shortest solution; depth-first search finds *a* solution, often a long
# one, after expanding fewer nodes. The solutions:

# %%
print("BFS:", ", ".join(map(str, bfs.moves)))
print("DFS:", ", ".join(map(str, dfs.moves)))

# %% [markdown]
# ## Step through the search
#
# The trace widget replays the search step by step: the position at the current node, the tree coloured the
# aima way (frontier blue, explored grey, current orange, pruned red, solution green), the counters and the path.
# Step k is a pure function of the start and the first k events.

# %%
tw = ww.SearchTraceWidget(bfs.trace)
tw

# %%
state = bfs.trace.state_at(40)
print("node", state.current, "| frontier", len(state.frontier), "| explored", len(state.explored))
print("path:", ", ".join(map(str, state.path)))
print(render(state.position, reveal=True))

# %% [markdown]
# ## BFS against DFS against A*, on this deal
#
# The comparison a lecture slide would show: nodes expanded, solution length and memory (the most nodes held at
# once). A* uses the admissible `cards-left` heuristic, so its solution is as short as breadth-first search's.

# %%
ww.compare(start, ["bfs", "dfs", "astar"], timings=False, include_solver=False)
