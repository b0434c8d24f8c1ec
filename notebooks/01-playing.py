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
# # Playing in a notebook
#
# `wispwidget.play` puts a table in the cell. Click a card to send it where the rules say, drag it to choose,
# click the stock to deal, or use the keyboard (arrows, Enter, Space, D, U, R, H). The Python engine decides
# every move; the browser only draws what it is told. Face-down cards never reach the browser. The status line
# under the table shows the solver's verdict on the position, worked out in the background after every move
# ("winnable", "no longer winnable", ...).

# %%
import wispwidget as ww

w = ww.play("will-o-the-wisp", seed=1, variant="relaxed")
w

# %% [markdown]
# The verdict is a trait too (`w.verdict`, `w.status`); `w.wait()` waits for the background solve.

# %%
w.wait(30)
w.verdict

# %% [markdown]
# The same game from Python: every legal move, in a fixed order.

# %%
w.game.legal_moves()

# %%
w.deal()
w.moves, w.table["stock"]

# %%
w.undo()
w.moves, w.table["can_redo"]

# %% [markdown]
# An illegal move raises a precise error and changes nothing.

# %%
try:
    w.move("t0", "t0")
except ww.IllegalMoveError as error:
    print(error)
w.moves

# %% [markdown]
# ## Hints
#
# A hint is the next move of a winning line the solver found, seeing every card. While you follow that line the
# next hint is instant.

# %%
hint = w.hint()
print(hint.verdict, "-", hint.message)

# %%
for _ in range(5):
    w.move(*w.hint().move)
print(w.moves, "moves played;", w.hint().positions, "positions searched for the last hint")

# %% [markdown]
# ## Winnable and daily deals
#
# `winnable=True` deals a game the solver has proved can be won. The daily deal is a proved-winnable deal chosen
# from the date, the same for everyone, and each game and variant has its own: the table below plays its own
# game's (`w.game.spec`), so ask `daily_deal_seed` for that game to get the same number.

# %%
ww.winnable_seed("will-o-the-wisp", 1)  # the first deal from 1 on proved winnable: ww.deal(..., winnable=True)

# %%
w.daily("2026-11-29")
w.seed, w.game.spec.variant, ww.daily_deal_seed("2026-11-29", w.game.spec) == w.seed  # the Relaxed table's own

# %% [markdown]
# Positions travel as JSON (`wisp-position/1`), and a table can be saved as a view-only web page.

# %%
import pathlib
import tempfile

print(w.to_json()[:120], "...")
page = w.to_html(pathlib.Path(tempfile.mkdtemp()) / "table.html")
page.name, page.stat().st_size > 1000
