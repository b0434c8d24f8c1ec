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
# # Heuristics, duplicate detection and pruning
#
# A* with an admissible heuristic still finds shortest solutions, with fewer expansions. A transposition table
# stops the search from expanding the same position twice. Sound pruning rules remove moves that cannot matter.

# %%
import wispwidget as ww
from wispwidget.search.algorithms import astar, breadth_first, greedy_best_first
from wispwidget.search.problem import SearchProblem

start = ww.deal("mini-moon", 3).position()
problem = SearchProblem(start)
for name in ("zero", "cards-left"):
    r = astar(problem, name)
    print(f"A* with h={name:11} length={r.length} expanded={r.expanded}")
r = greedy_best_first(problem, "disorder")
print(f"greedy, h=disorder     length={r.length} expanded={r.expanded}")

# %% [markdown]
# ## The transposition table

# %%
micro = SearchProblem(ww.deal("micro-wisp", 1).position())
on = breadth_first(micro, dedupe=True)
off = breadth_first(micro, dedupe=False, max_expansions=20_000)
print(f"with the table: {on.expanded} expansions; without: {off.expanded}; same length: {on.length == off.length}")

# %% [markdown]
# ## What each pruning rule saves

# %%
from wispwidget.search.trace import KINDS

cases = {"relabel": ("micro-wisp", 2), "first-empty": ("micro-wisp", 16), "ace-to-foundation": ("mini-moon", 5)}
for rule, (game, seed) in cases.items():
    position = ww.deal(game, seed).position()
    with_rule = breadth_first(SearchProblem(position, pruning={rule}), record=True)
    without = breadth_first(SearchProblem(position, pruning=set()), record=True)
    def examined(r):
        return sum(KINDS[e[0]] in ("generate", "duplicate") for e in r.trace.events)
    print(f"{rule:18} successors examined {examined(without):6} -> {examined(with_rule):6}; "
          f"length {without.length} -> {with_rule.length}")

# %% [markdown]
# ## Comparing the algorithms (and the tuned solver)

# %%
table = ww.compare(ww.deal("micro-wisp", 1).position(), timings=False)
table

# %%
# NBVAL_IGNORE_OUTPUT
table.plot("expanded");
