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
# # Rules and variants
#
# Every game is data: a `GameSpec` says which deck, how the deal is laid out, what builds on what, which groups
# move, what an empty pile takes, how the stock deals and how cards leave. The engine reads nothing else.

# %%
import wispwidget as ww
from wispwidget.io.text import render

for key, spec in ww.CATALOGUE.items():
    print(f"{key:28} {spec.deck.describe():22} {spec.movable.value:12} {spec.description}")

# %% [markdown]
# ## Standard against Relaxed Will o' the Wisp
#
# The same position: in Standard only a run in one suit moves; in Relaxed any run does. In code and in files the
# piles are `t0`, `t1`, ...; the table and the text board number them from 1 (pile 1 is `t0`).

# %%
doc = {
    "format": "wisp-position/1", "game": "will-o-the-wisp", "variant": "standard",
    "tableau": [{"down": ["4D"], "up": ["9D", "8H", "7H"]}, {"down": [], "up": ["TC"]}, {"down": [], "up": ["9S"]},
                {"down": [], "up": ["3C"]}, {"down": [], "up": ["4C"]}, {"down": [], "up": ["5C"]},
                {"down": [], "up": ["6C"]}],
    "stock": [], "foundations": [],
}
rest = [c for c in (r + s for s in "CDHS" for r in "A23456789TJQK")
        if c not in {"4D", "9D", "8H", "7H", "TC", "9S", "3C", "4C", "5C", "6C"}]
doc["tableau"][6]["down"] = rest
standard = ww.position_from_dict(doc)
relaxed = ww.position_from_dict({**doc, "variant": "relaxed"})
[m for m in ww.Game(standard).legal_moves() if m.source == "t0"], \
[m for m in ww.Game(relaxed).legal_moves() if m.source == "t0"]

# %% [markdown]
# ## Black Widow: mixed runs move but do not leave
#
# Only thirteen cards of one suit, King to Ace, leave the table.

# %%
from collections import Counter

mixed = ["KS", "QH", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"]  # a Queen of hearts in it
one_deck = Counter(r + s for s in "CDHS" for r in "A23456789TJQK")
deck = one_deck + one_deck
rest = sorted((deck - Counter([*mixed, "AS", "5C"])).elements())
piles = [{"down": ["5C"], "up": mixed}, {"down": [], "up": ["AS"]}]
piles += [{"down": [], "up": [rest.pop()]} for _ in range(7)]
piles.append({"down": rest[:-1], "up": [rest[-1]]})
widow = ww.Game(ww.position_from_dict(
    {"format": "wisp-position/1", "game": "black-widow", "tableau": piles, "stock": [], "foundations": []}))
widow.play(ww.Move("t1", "t0"))   # the Ace completes a mixed run of thirteen
len(widow.up[0]), widow.finished, ww.Move("t0", "t1", 13) in widow.legal_moves()

# %% [markdown]
# ## Waxing Moon: one card at a time, and only a King fills a space

# %%
moon = ww.deal("waxing-moon", 4)
print(render(moon.position()))
moon.legal_moves()  # one card onto the next higher card of its suit (t9 to t7), or the stock to the waste

# %% [markdown]
# ## A new variant is new data
#
# Here is Will o' the Wisp on eight piles. Registering it makes it a game like any other: it deals, plays,
# solves, and reads and writes JSON.

# %%
from dataclasses import replace

eight = ww.register(replace(ww.get_game("will-o-the-wisp"), variant="eight-piles",
                            layout=((2, 1),) * 8, description="Will o' the Wisp on eight piles"))
game = ww.deal("will-o-the-wisp", 3, variant="eight-piles")
print(render(game.position()))
len(game.stock), ww.perft(game, 3)
