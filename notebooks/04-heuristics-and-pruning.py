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
# A* with an admissible heuristic still finds shortest solutions, with fewer expansions. A table of reached states
# stops the search from expanding the same position twice. Sound pruning rules remove moves that cannot matter.

# %%
import wispwidget as ww
from wispwidget.search.trace import KINDS

moon = ww.deal("mini-moon", 3).position()
for h in ("zero", "cards-left"):
    r = ww.trace(moon, "astar", h, max_expansions=50_000)
    print(f"A* with h={h:11} length={r.length} expanded={r.expanded}")
r = ww.trace(moon, "greedy", "disorder", max_expansions=50_000)
print(f"greedy, h=disorder     length={r.length} expanded={r.expanded}")

# %% [markdown]
# ## A* with two heuristics, side by side
#
# On Micro Wisp 16, A* with `h = 0` (uniform-cost search) against A* with `cards-left`. Both are admissible, so
# both find a shortest solution; the better-informed one expands fewer nodes. The frontier lists show each
# node's `f = g + h`, lowest first.

# %%
micro = ww.deal("micro-wisp", 16).position()
blind = ww.trace(micro, "astar", "zero")
informed = ww.trace(micro, "astar", "cards-left")
print(f"h=zero: length {blind.length}, expanded {blind.expanded}; "
      f"h=cards-left: length {informed.length}, expanded {informed.expanded}")
ww.SearchTraceWidget([blind, informed], lockstep="expansions")

# %% [markdown]
# ## The table of reached states

# %%
one = ww.deal("micro-wisp", 1).position()
on = ww.trace(one, "bfs", dedupe=True)
off = ww.trace(one, "bfs", dedupe=False)
print(f"with the table: {on.expanded} expansions; without: {off.expanded}; same length: {on.length == off.length}")

# %% [markdown]
# ## What a pruning rule removes
#
# Each removed move is a `prune` event naming its rule, drawn red in the trace view. On Micro Wisp 2, the
# `relabel` rule removes moves that only swap which pile is which (a whole pile into an empty one). Here every
# position they lead to would have been a duplicate anyway, so the expansions stay the same: the rule saves
# only the look-ups. On a bigger deal the savings are real (the table after the widget).

# %%
two = ww.deal("micro-wisp", 2).position()
pruned = ww.trace(two, "bfs", pruning={"relabel"})
plain = ww.trace(two, "bfs", pruning=set())
for event in [e for e in pruned.trace.events if KINDS[e[0]] == "prune"][:5]:
    print(f"node {event[1]:3} under node {event[2]:3}: {pruned.trace.moves[event[3]]} removed by "
          f"{pruned.trace.rules[event[9]]}")
print(f"expanded {plain.expanded} -> {pruned.expanded}; length {plain.length} -> {pruned.length}")

# %% [markdown]
# The search with the rule, stepping through it: pick another algorithm, heuristic or switch in the widget's
# bar and **Run** to search the same position again (the kernel runs it and sends the new trace).

# %%
tw = ww.SearchTraceWidget(pruned)
tw

# %%
cases = {"relabel": ("micro-wisp", 2), "first-empty": ("micro-wisp", 16), "ace-to-foundation": ("mini-moon", 5)}
for rule, (game, seed) in cases.items():
    position = ww.deal(game, seed).position()
    with_rule = ww.trace(position, "bfs", pruning={rule}, max_expansions=200_000)
    without = ww.trace(position, "bfs", pruning=set(), max_expansions=200_000)

    def examined(r):
        return sum(KINDS[e[0]] in ("generate", "duplicate") for e in r.trace.events)

    print(f"{rule:18} successors examined {examined(without):6} -> {examined(with_rule):6}; "
          f"length {without.length} -> {with_rule.length}")

# %% [markdown]
# ## Comparing the algorithms (and the tuned solver)

# %%
table = ww.compare(ww.deal("micro-wisp", 1).position(), timings=False)
table

# %% tags=["nbval-ignore-output"]
table.plot("expanded");
