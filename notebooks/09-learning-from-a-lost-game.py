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
# # Learning from a lost game
#
# A game you lost (no move left, or nothing left to do but go round in circles) was not always lost: it was
# winnable (seeing every card) until some move. Along any
# line of play winnability can only be lost, never won back, so the positions after each move read *winnable,
# winnable, ..., lost, lost*. `review` finds the move where that changes, by bisection, solving one position
# per step within a budget, and says so honestly when a step cannot be settled.
#
# Here a rule-of-thumb player (it sees only what a person sees) loses deal 10 of Will o' the Wisp.

# %%
import wispwidget as ww
from wispwidget.search.players import HeuristicPlayer, play_game
from wispwidget.studies.review import review

start = ww.deal("will-o-the-wisp", 10).position()
played = play_game(start, HeuristicPlayer(), seed=10)
print(f"won: {played.won}; {len(played.moves)} moves; play ended: {played.reason}")

# %%
result = review(start, played.moves, max_positions=100_000)
print(result.verdict)
print(result.message)

# %% [markdown]
# Which positions did it solve? Each step is the position after that many moves and the solver's answer
# (the review's steps say `won` for a position proved winnable, `lost` for one proved lost). Only a handful of
# the game's positions needed a search of their own.

# %%
for after, answer in result.steps:
    print(f"after {after:2} moves: {'winnable' if answer == 'won' else answer}")

# %% [markdown]
# The position before the losing move, drawn as text (face-down cards in lower case, shown here since the review saw
# every card; the columns are piles 1 to 7), and the start of the line that still won from it, in the review's
# words:

# %%
from wispwidget.io.text import render
from wispwidget.io.words import move_words

print(render(result.before, reveal=True))
replay = ww.Game(result.before)
for move in result.better[:5]:
    print("  ", move_words(move, replay))
    replay.play(move)
print(f"   ... {len(result.better) - 5} more moves to a win")

# %% [markdown]
# ## On the table
#
# The table's **Review** button (or `w.review()`) runs the same review on the moves played, then takes the table
# back to the position before the losing move, draws a solid arrow on the move that keeps a win and a dashed one
# on the move that was played, and counts the help as a hint; **Redo** replays the moves that were played, one
# at a time. Here the rule-of-thumb player's moves are played on a table first (moves made from Python are not
# counted in the table's statistics):

# %%
w = ww.play("will-o-the-wisp", seed=10, auto_verdict=False)
for move in played.moves:
    w.move(*move)
on_table = w.review(max_positions=100_000)
print(w.message["text"])
arrow = ww.Move(w.hint_move["from"], w.hint_move["to"], w.hint_move["count"])
print(f"The table shows the position after {w.moves} of the {len(played.moves)} moves; the arrow: "
      f"{move_words(arrow, w.game)}.")
w

# %% [markdown]
# ## When the budget is too small
#
# With a tiny budget most positions stay unsettled. The review then says between which moves the game was lost,
# as far as it could tell, and never guesses. When the start was not proved winnable (the deal may have been
# lost from the start) or the end not proved lost (the game may not be lost yet), there may be no losing move at
# all: the review then says "the losing move, if there is one".

# %%
small = review(start, played.moves, max_positions=200)
print(small.verdict, small.losing_range)
print(small.message)

# %% [markdown]
# ## A won game
#
# On a game the solver won, every move kept the game winnable:

# %%
line = ww.solve(ww.deal("mini-wisp", 6)).moves
print(review(ww.deal("mini-wisp", 6).position(), line).message)

# %% [markdown]
# On the table, the **Review** button says the same of a won game. On a game still going, it says that every
# move so far kept it winnable, and draws an arrow on a move that wins from here (a hint, counted as one):

# %%
going = ww.play("mini-wisp", seed=6, auto_verdict=False)
for move in line[:3]:
    going.move(*move)
going.review()
print(going.message["text"])
print(going.hint_move["text"])
