"""Building hand-made positions for rule tests."""

from __future__ import annotations

from collections import Counter

from wispwidget.cards import SUIT_CHARS, make_card, parse_card
from wispwidget.engine.game import Game
from wispwidget.engine.position import Pile, Position
from wispwidget.games.catalogue import get_game


def cards(text: str) -> tuple[int, ...]:
    """``"KS QS 5h"`` -> card ints."""
    return tuple(parse_card(t) for t in text.split())


def position(game: str, variant: str = "standard", *, piles: list[str], stock: str = "", waste: str = "",
             finished: str = "", foundations: list[str] | None = None, rest: str = "down:-1") -> Position:
    """A well-formed position whose unnamed cards go to ``rest``.

    Each pile is ``"down cards | up cards"`` (``"| KS QS"`` has none face down).
    ``rest`` is ``down:N`` (face down at the bottom of pile N) or ``stock``
    (appended to the stock).
    """
    spec = get_game(game, variant)
    tableau = []
    for text in piles:
        down, _, up = text.partition("|")
        tableau.append(Pile(cards(down), cards(up)))
    tableau += [Pile()] * (spec.piles - len(tableau))
    fin = tuple(SUIT_CHARS.index(s) for s in finished.split())
    founds = tuple(cards(f) for f in (foundations or [])) if not spec.removes_runs else ()
    if not spec.removes_runs:
        founds += ((),) * (spec.foundation_piles - len(founds))
    partial = Position(spec, tuple(tableau), cards(stock), cards(waste), fin, founds)
    missing = sorted((spec.deck.counts() - partial.cards()).elements())
    stock_cards = cards(stock)
    if rest == "stock":
        stock_cards += tuple(missing)
    else:
        n = int(rest.split(":")[1])
        pile = tableau[n]
        tableau[n] = Pile(tuple(missing) + pile.down, pile.up)
    return Position(spec, tuple(tableau), stock_cards, cards(waste), fin, founds).validate()


def game(*args, **kwargs) -> Game:
    """A ``Game`` at ``position(*args, **kwargs)``."""
    return Game(position(*args, **kwargs))


def suit_run(suit: str, top: int = 13, low: int = 1) -> str:
    """``"KS QS ... AS"``-style text of a run in one suit, from ``top`` down to ``low``."""
    from wispwidget.cards import card_str

    return " ".join(card_str(make_card(r, SUIT_CHARS.index(suit))) for r in range(top, low - 1, -1))


def total_cards(g: Game) -> Counter:
    """Every card of a game, finished runs included."""
    return g.position().cards()


def random_positions(spec, count: int, rng, most_moves: int = 12):
    """Positions a few random moves (deals and draws included) into deals 1..count of a game: (seed, position)."""
    for seed in range(1, count + 1):
        g = Game.new(spec, seed=seed)
        for _ in range(rng.randrange(0, most_moves)):
            moves = g.legal_moves()
            if not moves:
                break
            g.push(rng.choice(moves))
        yield seed, g.position()
