"""Odd and extreme games and positions for the C core's limits (tests/test_native_limits.py and the sanitizer
run, scripts/sanitize_core.py). Registering a game is ``catalogue.register``; these build the specs only."""

from __future__ import annotations

import random
from dataclasses import replace

from wispwidget.cards import Deck
from wispwidget.engine.position import Pile, Position
from wispwidget.games.catalogue import get_game
from wispwidget.games.spec import Stock


def widow_all_on_t0(seed: int = 0) -> Position:
    """A valid Black Widow position: all 104 cards face up on pile 0 (shuffled), nine empty piles, no stock."""
    spec = get_game("black-widow")
    cards = spec.deck.cards()
    random.Random(seed).shuffle(cards)
    tableau = (Pile((), tuple(cards)),) + (Pile(),) * (spec.piles - 1)
    return Position(spec, tableau).validate()


def many_runs_game():
    """64 copies of a one-card deck (the Ace of spades), Spider rules but a stock that deals onto empty piles:
    every card is a finished run, so the deal removes 56 runs (and turns 48 cards) across eight piles of six
    face-down cards and one face up, and the stock's first deal the last 8."""
    return replace(get_game("will-o-the-wisp"), game="ace-storm", variant="standard", name="Ace storm",
                   deck=Deck(suits="S", top_rank=1, copies=64), layout=((6, 1),) * 8, deal_needs_no_empty_pile=False)


def spider_with_waste():
    """Will o' the Wisp rules with a stock that draws onto a waste: a run can be finished by the waste card."""
    return replace(get_game("mini-wisp"), game="wisp-waste", variant="standard", name="Wisp with a waste",
                   stock=Stock.DRAW_TO_WASTE)


def six_decks():
    """Spider with six decks: 312 cards, more than the core holds."""
    return replace(get_game("spider"), game="six-deck-spider", variant="standard", name="Six-deck Spider",
                   deck=Deck(copies=6))


def seventy_piles():
    """Seventy piles of one card and a stock of 34: more piles than the core holds."""
    return replace(get_game("will-o-the-wisp"), game="seventy", variant="standard", name="Seventy piles",
                   deck=Deck(copies=2), layout=((0, 1),) * 70)
