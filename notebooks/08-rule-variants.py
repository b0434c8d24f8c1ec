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
# # What does a rule change do?
#
# A game here is data: a `GameSpec`. Changing one rule makes a new game, and a quick study says how often its
# deals can be won (seeing every card, like every study in this project). Here: Will o' the Wisp **Standard**
# (only runs in one suit move) against **Relaxed** (any run moves), and three rules of our choosing: **cards
# build only in suit**, **only a King may fill an empty pile**, and **the stock deals even onto empty piles**.
#
# `make_variant` builds the spec from the base game and the changes; it returns the catalogue's game when the
# rules are one (Relaxed is).

# %%
import wispwidget as ww
from wispwidget.studies.variant_study import make_variant, run_study, solver_for

base = ww.get_game("will-o-the-wisp")
games = {
    "Standard": base,
    "Relaxed": make_variant(base, movable="any-run"),
    "Builds in suit": make_variant(base, build="same-suit"),
    "Kings to empty piles": make_variant(base, empty_pile="top-rank-only"),
    "Deals onto empty piles": make_variant(base, deal_needs_no_empty_pile=False),
}
print(solver_for(base).note)
for label, spec in games.items():
    dead_end_test = "on" if solver_for(spec).soundness.spider_dead_test else "off"
    print(f"{label:24} {spec.key:34} the Spider dead-end test: {dead_end_test}")

# %% [markdown]
# Each variant's pruning is derived from its rules (`games/soundness.py`). The *Spider dead-end test* is a quick
# proof that a position is lost: it works out which cards could ever move, and if some suit can never be put in
# order, no search is needed. Its reasoning holds only when a card may rest on either card one rank higher (building
# in any suit) and an empty pile takes any card, so it is off for "Builds in suit" and for "Kings to empty piles"
# (the search itself still proves losses there, only more slowly). A study solves the same deals
# of each game, one by one, as `wispwidget study` does. Small numbers keep this notebook quick: 24 deals at
# 20,000 positions each.

# %%
studies = {label: run_study(spec, range(1, 25), 20_000) for label, spec in games.items()}
for label, result in studies.items():
    won, lost, unknown = (result.share(k) for k in ("won", "lost", "unknown"))
    low, high = result.winnable_bounds
    print(f"{label:24} won {won.count:2}  lost {lost.count:2}  unknown {unknown.count:2}   "
          f"winnable {100 * low:3.0f}%-{100 * high:3.0f}% (95%)")

# %% [markdown]
# Building only in suit is decisive: every deal is proved lost, so the whole winnable range sits near 0%.
#
# *Unknown* is not *lost*: "Kings to empty piles" settles nothing at this budget. Without empty piles that take
# anything the Spider dead-end test is off, so the solver cannot prove losses cheaply, and with fewer ways to use an
# empty pile its wins are harder to find. So its *winnable* range runs from 0% (if every unknown deal were lost)
# to 100% (if every one were won): the study says nothing yet. Even 300,000 positions per deal leave these
# deals unsettled: some rule changes make a game far harder to settle, and a study then says so rather than
# guess (the lab's status line says what to try).
#
# The bars: the share of deals proved won, proved lost and not settled, each with its 95% Wilson interval. With
# 24 deals the intervals are wide; where two games' intervals do not overlap, the rule change made a real
# difference.

# %% tags=["nbval-ignore-output"]
import matplotlib.pyplot as plt

colours = {"won": "#2e7d32", "lost": "#c62828", "unknown": "#9e9e9e"}
fig, ax = plt.subplots(figsize=(8.5, 3.8))
width = 0.25
for i, result in enumerate(studies.values()):
    for j, outcome in enumerate(colours):
        share = result.share(outcome)
        x = i + (j - 1) * width
        ax.bar(x, 100 * share.share, width, color=colours[outcome], label=outcome if i == 0 else None)
        below, above = max(0.0, share.share - share.low), max(0.0, share.high - share.share)
        ax.errorbar(x, 100 * share.share, yerr=[[100 * below], [100 * above]], color="black", capsize=3)
ax.set_xticks(range(len(studies)), [label.replace(" ", "\n", 1) for label in studies], fontsize=8)
ax.set_ylabel("share of deals, %")
ax.set_ylim(0, 105)
ax.set_title("24 deals at 20,000 positions: 95% Wilson intervals")
ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), frameon=False)  # beside the bars, never over them
fig.tight_layout();

# %% [markdown]
# ## The lab
#
# `ww.variant_lab()` puts every rule on a control: which cards move, the build, what an empty pile takes,
# whether the stock waits for empty piles, the stock and foundation families, the layout and the deck. **Study**
# runs in the background with a progress bar (**Stop** stops it; a result is shown only if the controls have
# not changed since it started), and draws the bars beside the base game's. **Play this variant** opens a table
# on it, and **Save JSON** gives the variant as a `wisp-game/1` document that **Load JSON** reads back.
#
# The same from Python, with no browser needed:

# %%
lab = ww.variant_lab("mini-wisp")
lab.deals, lab.max_positions = 12, 20_000
spec = lab.set(build="same-suit", empty_pile="top-rank-only")
print(spec.name)
print(lab.study(wait=True).describe())
print(lab.results["base"]["won"]["count"], "of", lab.results["base"]["deals"], "deals of the base game won")

# %% [markdown]
# The lab itself, with those settings and rules (in Jupyter its controls, Study and the bars are live; the bars
# drawn are the study just run):

# %%
lab

# %%
print(lab.to_json()[:200], "...")
table = lab.play(seed=3)  # a TableWidget on the variant, registered in the catalogue under its key
table
