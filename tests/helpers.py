"""Building hand-made positions for rule tests."""

from __future__ import annotations

import random
from collections import Counter

from wispwidget.cards import SUIT_CHARS, make_card, parse_card
from wispwidget.engine.game import Game
from wispwidget.engine.position import Pile, Position
from wispwidget.games.catalogue import get_game
from wispwidget.search.players import InformationSet, reveals


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


def shuffled_hidden(position: Position, seed: int) -> Position:
    """The same visible position with the face-down and stock cards rearranged among themselves."""
    hidden = [c for p in position.tableau for c in p.down] + list(position.stock)
    random.Random(seed).shuffle(hidden)
    at, tableau = 0, []
    for pile in position.tableau:
        tableau.append(Pile(tuple(hidden[at:at + len(pile.down)]), pile.up))
        at += len(pile.down)
    return Position(position.spec, tuple(tableau), tuple(hidden[at:]), position.waste, position.finished,
                    position.foundations)


def moves_until_a_reveal(position: Position, player, steps: int = 40) -> list:
    """The moves an honest player chooses from ``position`` up to and including its first that reveals a card
    (the honesty tests compare them for positions that differ only in hidden cards)."""
    game = Game(position, validate=False)
    rng = random.Random(7)
    player.reset()
    chosen = []
    for _ in range(steps):
        info = InformationSet.of(game)
        if not info.legal_moves:
            break
        move = player.choose(info, rng)
        chosen.append(move)
        if reveals(info, move):
            break  # from here the two games may show different cards
        game.play(move)
    return chosen


def random_walk(game: Game, steps: int, rng) -> list:
    """Up to ``steps`` random legal moves (``rng.choice``), played on ``game``; the moves."""
    moves: list = []
    for _ in range(steps):
        legal = game.legal_moves()
        if not legal:
            break
        moves.append(rng.choice(legal))
        game.push(moves[-1])
    return moves
