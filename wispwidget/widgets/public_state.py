"""What the browser may see of a game: face-down cards and the stock are counts, never identities."""

from __future__ import annotations

from typing import Any

from ..cards import SUIT_CHARS, card_str
from ..engine.game import Game


def public_state(game: Game, *, seed: int | None, version: int, reveal: bool = False,
                 last: dict[str, Any] | None = None, clock: dict[str, Any] | None = None) -> dict[str, Any]:
    """The JSON the front-end draws from.

    Face-down cards are sent as a count (``down``); their identities are added
    (``hidden``) only when ``reveal`` is set, a teaching switch. The stock is
    always a count. ``legal`` lists every legal move, so the browser can show
    which piles accept a drag without deciding any rule itself. ``last`` says how the table got here
    (``{"move": [from, to, count] | None, "kind": "play" | "undo" | "redo" | "new"}``) and ``clock`` is the
    game's timer (``{"seconds", "running"}``).
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
    stock_left = len(game.stock)
    deals_left = -(-stock_left // spec.piles) if not spec.has_waste else stock_left
    state: dict[str, Any] = {
        "game": spec.game,
        "variant": spec.variant,
        "name": spec.name,
        "family": "spider" if spec.removes_runs else "forty",
        "seed": seed,
        "version": version,
        "tableau": tableau,
        "stock": {"count": stock_left, "deals_left": deals_left, "action": "draw" if spec.has_waste else "deal",
                  "label": (f"{deals_left} deal{'' if deals_left == 1 else 's'} left" if not spec.has_waste
                            else f"{stock_left} card{'' if stock_left == 1 else 's'} left")},
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
        "clock": clock or {"seconds": 0, "running": False},
    }
    if spec.removes_runs:
        state["finished"] = [SUIT_CHARS[s] for s in game.finished]
        state["runs_total"] = len(spec.deck.suits) * spec.deck.copies
    else:
        state["foundations"] = [[card_str(c) for c in pile] for pile in game.foundations]
    return state
