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
# # Honest play: seeing every card, or only what a person sees
#
# The solver proves deals winnable by looking at the face-down cards and the stock: *thoughtful* solitaire. A
# person cannot. Here four players meet the same deals: the thoughtful solver, a rule-of-thumb player, the
# no-peek player, and the older no-peek player it replaced (the hindsight vote). The three honest players are
# handed only an *information set*; the real game stays with the referee.
#
# The no-peek player thinks in **plans**, as a person does: rearrange what is visible, then do one thing that
# shows something new (turn a face-down card, or deal). Before that last move every move only shuffles visible
# cards, so a plan can be played whatever the hidden cards are. What the player cannot know is what the reveal
# will show; so the planner weighs each plan over what it may show (every card a turn may bring, each with its
# share of the unseen cards; a deal in several random arrangements of the hidden cards) and plays the plan that
# most likely leaves a good position. It runs in the C core, reads face-up cards only, and takes at most a
# second a decision (here: no time limit, so the notebook shows the same thing on every machine).

# %%
import random

import wispwidget as ww
from wispwidget.search.players import HeuristicPlayer, HindsightPlayer, InformationSet, play_game

game = ww.deal("will-o-the-wisp", 3, variant="relaxed")
info = InformationSet.of(game)
print("face-down per pile:", [down for down, _ in info.piles], "| stock:", info.stock_count,
      "| unseen cards:", len(info.unseen))
arrangement = info.sample(random.Random(1))  # the unseen cards dealt at random into the hidden places
print("a random arrangement looks the same from outside:", InformationSet.of(ww.Game(arrangement)) == info)
print("but its hidden cards differ from the real deal's:", arrangement != game.position())

# %% [markdown]
# One decision, opened up: how many plans the planner found from what is visible, how many it weighed, and the
# plan it chose (its last move is the one that reveals). The player says why in words: the widget's **Fair
# hint** shows the same sentence.

# %%
from wispwidget.io.words import move_words
from wispwidget.search.planner import plan
from wispwidget.search.players import PlannerPlayer

chosen = plan(info)
print(f"{chosen.found} plans found, {chosen.weighed} weighed: a turn over every card it may show, a deal in",
      f"{chosen.worlds} random arrangements of the hidden cards")


def in_words(moves):
    """Moves as the table says them, each read from the game before it (played on a copy of the deal)."""
    board, steps = game.copy(), []
    for move in moves:
        steps.append(move_words(move, board))
        board.push(move)
    return "; ".join(steps)


print("the plan:", in_words(chosen.moves))
player = PlannerPlayer(time_limit=None)
first = player.choose(info, random.Random(3))
print("first move:", move_words(first, game), "-", player.why)

# %% [markdown]
# The older no-peek player, the **hindsight vote**, solves sampled arrangements as if their cards were known and
# plays what wins in the most. At the start of a deal nearly every plan wins nearly every arrangement in
# hindsight, so it cannot tell them apart: here are the plans it found in 6 arrangements and how many of the 6
# each wins once played in all of them. This blind spot is why it wins so few Standard deals
# (`docs/honest-play.md`).

# %%
voter = HindsightPlayer(samples=6, max_positions=20_000, candidates=3)
move, wins = voter.vote(info, random.Random(3))
for line, won, _positions in voter.last_plans:
    print(f"{won}/6 arrangements won after:", in_words(line))
print("play:", move_words(move, game))

# %%
deals = range(1, 6)
players = {"heuristic": HeuristicPlayer(), "no-peek": PlannerPlayer(time_limit=None), "hindsight": HindsightPlayer()}
wins = {"thoughtful": sum(ww.solve(ww.deal("will-o-the-wisp", s, variant="relaxed")).result == "won" for s in deals)}
for name, player in players.items():
    wins[name] = sum(play_game(ww.deal("will-o-the-wisp", s, variant="relaxed").position(), player, seed=s).won
                     for s in deals)
wins

# %% tags=["nbval-ignore-output"]
import matplotlib.pyplot as plt

fig, ax = plt.subplots(figsize=(5, 3))
ax.bar(list(wins), [100 * w / len(deals) for w in wins.values()], color=["#2e7d32", "#90caf9", "#1976d2", "#9575cd"])
ax.set_ylabel("deals won, %")
ax.set_title("Will o' the Wisp (Relaxed), deals 1-5");

# %% [markdown]
# ## How good could an honest player be?
#
# On a full deck nobody can say: the best honest play is a search over everything the player may yet see. On a
# tiny deck it can be settled exactly. `honest_value` computes, by expectimax over what can be seen, the chance
# of winning under the best play that never reads a hidden card: each card a deal or a turn may show comes with
# its share of the unseen cards. Here Will o' the Wisp's rules are dealt from eight cards.

# %%
from wispwidget.games.catalogue import tiny_wisp
from wispwidget.io.words import move_words
from wispwidget.search.honest_optimum import honest_move_values, honest_value

tiny = tiny_wisp(top_rank=4, piles=3)  # A-4 of spades and hearts: 3 piles of 1 face-down card under 1 face-up
start = ww.Game(ww.deal_position(tiny, 1))
best = honest_value(start)
print(f"deal 1: the best honest play wins {best.win_probability:.1%} of the deals that look like this one;",
      f"the solver, seeing the cards, says {ww.solve(start).result}")

# %% [markdown]
# A position to discuss in class: 4♠ 3♠ 2♠ on the first pile, A♥ alone, 2♥ under A♠, and the 4♥ and 3♥ still
# in the stock, in an order nobody has seen. What is each move worth to a player who cannot see that order?

# %%
card = ww.parse_card
table = ww.Position(tiny, (ww.Pile((), (card("4S"), card("3S"), card("2S"))), ww.Pile((), (card("AH"),)),
                           ww.Pile((), (card("2H"), card("AS")))), stock=(card("4H"), card("3H")))
position = ww.Game(table)
for move, worth in honest_move_values(position).items():
    print(f"{worth:4.0%}  {move_words(move, position)}")

# %% [markdown]
# Finishing the spade run at once loses for sure: two cards are left for three piles, and the stock never deals
# while a pile is empty. Dealing now is a coin flip: one order of the two hearts works, the other does not. Laying
# A♥ on 2♠ wins whatever the order. The hindsight vote dealt here in one of its games (tiny deal 8): it was
# following the winning line it had found for one arrangement, and in that arrangement the stock's order made
# the deal right. That is hindsight's clairvoyance, caught in the act. The planner weighs the deal over
# arrangements it never follows blindly:

# %%
planner = PlannerPlayer(time_limit=None)
print(move_words(planner.choose(InformationSet.of(position), random.Random(1)), position), "-", planner.why)

# %% [markdown]
#
# Over many tiny deals (`python benchmarks/honest_ceiling.py`, docs/honest-play.md) not seeing the cards costs
# the best honest player only a few points against the solver, while the no-peek players lose far more than
# that: most of the gap they measure is their own weakness.

# %% [markdown]
# Back on full decks: in the chart of deals 1-5 above, the gap between the first bar (the solver, seeing every
# card) and the others is the price of not seeing the cards, plus each player's own weakness. On 1,000 deals, by
# `python benchmarks/honest_play.py` (see `docs/honest-play.md` for the exact runs; thoughtful = share the solver
# proved won at 250,000 positions, 1,000,000 for Black Widow, a lower bound; 95% Wilson intervals):
#
# | game | thoughtful | heuristic | no-peek (the planner) | hindsight vote |
# | --- | --- | --- | --- | --- |
# | Will o' the Wisp, Standard | 973/1000 (97.3%) | 0/1000 | 306/1000 (30.6%, 27.8-33.5%) | 27/1000 (2.7%) |
# | Will o' the Wisp, Relaxed | 995/1000 (99.5%) | 0/1000 | 693/1000 (69.3%, 66.4-72.1%) | 300/1000 (30.0%) |
# | Black Widow | 967/1000 (96.7%) | 0/1000 | 361/1000 (36.1%, 33.2-39.1%) | 9/200 (4.5%) |
# | Spider, one suit | 1000/1000 | 163/1000 (16.3%, 14.1-18.7%) | 423/1000 (42.3%, 39.3-45.4%) | 704/1000 (70.4%) |
#
# Deals 1-1000 except where fewer are counted (the figure says how many), 2026-12-01/02 (Black Widow's planner,
# which digs first and counts a break in suit dearer, 2026-12-04; the planner of the other games, which takes the
# fewest moves to each plan's position, 2026-12-05; Standard's, which also looks one plan past each reveal and
# lets the solver choose among its plans once at most 20 cards are hidden, 2026-12-06); the planner with its
# second a decision. The
# hindsight vote's Black Widow figure is of deals 1-200.
#
# Seeing every card is worth a great deal: where only runs in suit move (Standard), a player who cannot see the
# stock cannot arrange the piles for the cards the next deal brings, and the thoughtful solver wins far more
# often. The rule-of-thumb player is a floor, not a rival: it deals as soon as nothing clearly good is left and
# circles once the stock is gone. In the widget, **Fair hint** asks the no-peek player, while **Hint** asks the
# solver that sees everything; **Watch** (or `w.watch()`) lets the no-peek player play the deal move by move, for a
# class to follow its choices.
