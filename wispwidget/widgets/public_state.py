"""What the browser may see of a game: face-down cards and the stock are counts, never identities."""

from __future__ import annotations

from typing import Any

from ..cards import SUIT_CHARS, card_str
from ..engine.game import Game
from ..games.spec import GameSpec
from ..io.words import game_label, plural


def stock_state(spec: GameSpec, count: int) -> dict[str, Any]:
    """What the browser may know of the stock: how many cards, deals left, its action, and what it says about
    itself ("3 deals left", "1 deal left", "41 cards", "1 card" or "empty")."""
    deals_left = count if spec.has_waste else -(-count // spec.piles)
    if count == 0:
        label = "empty"
    elif spec.has_waste:
        label = plural(count, "card")
    else:
        label = plural(deals_left, "deal") + " left"
    return {"count": count, "deals_left": deals_left, "action": "draw" if spec.has_waste else "deal", "label": label}


def public_state(game: Game, *, seed: int | None, version: int, reveal: bool = False,
                 last: dict[str, Any] | None = None, clock: dict[str, Any] | None = None) -> dict[str, Any]:
    """The JSON the front-end draws from.

    Face-down cards are sent as a count (``down``); their identities are added
    (``hidden``) only when ``reveal`` is set, a teaching switch. The stock is
    always a count. ``legal`` lists every legal move, so the browser can show
    which piles accept a drag without deciding any rule itself.

    ``last`` says what made this state, so the browser can animate it:
    ``{"move": [source, target, count] | None, "kind": "play" | "undo" | "redo" | "new"}`` (None when
    unknown). ``clock`` is the play time at this version, ``{"seconds": float, "running": bool, "at": float}``
    (``at``: when, in Unix seconds; None when the caller keeps no clock: the browser then shows no timer).
    """
    spec = game.spec
    tableau = []
    for down, up in zip(game.down, game.up):
        pile: dict[str, Any] = {"down": len(down), "up": [card_str(c) for c in up]}
        if reveal:
            pile["hidden"] = [card_str(c) for c in down]
        tableau.append(pile)
    legal = game.legal_moves()
    won = game.is_won()
    state: dict[str, Any] = {
        "game": spec.game,
        "variant": spec.variant,
        "name": game_label(spec),
        "family": "spider" if spec.removes_runs else "forty",
        "seed": seed,
        "version": version,
        "tableau": tableau,
        "stock": stock_state(spec, len(game.stock)),
        "has_waste": spec.has_waste,
        "waste": [card_str(c) for c in game.waste],
        "legal": [[m.source, m.target, m.count] for m in legal],
        "moves": len(game.moves_played),
        "can_undo": game.can_undo,
        "can_redo": game.can_redo,
        "won": won,
        "stuck": not won and not legal,
        "reveal": reveal,
        "top_rank": spec.deck.top_rank,
        "last": last,
        "clock": clock,
    }
    if spec.removes_runs:
        state["finished"] = [SUIT_CHARS[s] for s in game.finished]
        state["runs_total"] = len(spec.deck.suits) * spec.deck.copies
    else:
        state["foundations"] = [[card_str(c) for c in pile] for pile in game.foundations]
    return state
