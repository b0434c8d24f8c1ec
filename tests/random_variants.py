"""Random legal rule variants covering every field of ``wisp-game/1``, for differential tests.

``random_variant(rng)`` draws a deck (any suits, top rank 1 to 13, 1 to 8 copies), an uneven layout (empty
piles, piles of face-up cards only, face-down cards under one or more face-up ones), every rule switch, and for
foundations built up in suit a number of foundation piles that may be more or fewer than the deck's Aces.
``max_cards`` keeps the deck small enough for the C core (and, small, for an exhaustive search).
"""

from __future__ import annotations

import random

from wispwidget.cards import MAX_COPIES, Deck
from wispwidget.games.spec import Build, EmptyPile, Foundations, GameSpec, Movable, Stock
from wispwidget.io.game_format import game_from_dict, game_to_dict

SUITS = "CDHS"


def random_deck(rng: random.Random, max_cards: int) -> Deck:
    """A deck of at most ``max_cards`` cards: some suits in any order, any top rank, any number of copies."""
    while True:
        suits = "".join(rng.sample(SUITS, rng.randint(1, 4)))
        top_rank = rng.choice([1, 1, 2, 2, 3, 3, 4, 5, rng.randint(1, 13)])
        copies = rng.choice([1, 1, 2, 2, 3, rng.randint(1, MAX_COPIES)])
        if len(suits) * top_rank * copies <= max_cards:
            return Deck(suits=suits, top_rank=top_rank, copies=copies)


def random_layout(rng: random.Random, cards: int, max_piles: int) -> tuple[tuple[int, int], ...]:
    """1 to ``max_piles`` piles dealt from at most ``cards`` cards: some empty, some face up only, uneven."""
    piles = rng.randint(1, max_piles)
    layout, left = [], cards
    for _ in range(piles):
        shape = rng.random()
        if shape < 0.1 or left == 0:
            layout.append((0, 0))  # an empty pile at the deal
            continue
        up = rng.randint(1, min(3, left))
        down = rng.randint(0, min(3, left - up)) if shape > 0.4 else 0
        layout.append((down, up))
        left -= down + up
    return tuple(layout)


def random_variant(rng: random.Random, max_cards: int = 24, max_piles: int = 6) -> GameSpec:
    """A random legal game: every field of ``wisp-game/1`` drawn, written and read back through the format."""
    deck = random_deck(rng, max_cards)
    foundations = rng.choice(list(Foundations))
    aces = len(deck.suits) * deck.copies
    spec = GameSpec(
        game="random", variant=f"v{rng.getrandbits(32):08x}", name="Random variant", deck=deck,
        layout=random_layout(rng, deck.size, max_piles),
        build=rng.choice(list(Build)), movable=rng.choice(list(Movable)), empty_pile=rng.choice(list(EmptyPile)),
        stock=rng.choice(list(Stock)), foundations=foundations,
        deal_needs_no_empty_pile=rng.random() < 0.5,
        foundation_piles=max(1, aces + rng.choice([-2, -1, 0, 0, 0, 1, 2])) if foundations is
        Foundations.BUILD_UP_IN_SUIT else 0,
        foundation_to_tableau=foundations is Foundations.BUILD_UP_IN_SUIT and rng.random() < 0.5,
        ace_between_foundations=foundations is Foundations.BUILD_UP_IN_SUIT and rng.random() < 0.5,
    )
    return game_from_dict(game_to_dict(spec))  # every variant is one a wisp-game/1 file can hold


def random_variants(count: int, seed: int, **limits: int) -> list[GameSpec]:
    """``count`` random variants, the same for the same ``seed``."""
    rng = random.Random(seed)
    return [random_variant(rng, **limits) for _ in range(count)]
