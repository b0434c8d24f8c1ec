"""Deal numbers are golden: the same position on every platform and Python version."""

from __future__ import annotations

import datetime

import pytest

from wispwidget import CATALOGUE, WispError, card_str, daily_seed, deal
from wispwidget.engine.dealing import SplitMix64, shuffled


def test_splitmix64_reference_vector():
    rng = SplitMix64(1234567)
    assert [rng.next() for _ in range(3)] == [6457827717110365317, 3203168211198807973, 9817491932198370423]


def test_below_is_in_range_and_unbiased_enough():
    rng = SplitMix64(7)
    counts = [0] * 7
    for _ in range(7000):
        counts[rng.below(7)] += 1
    assert all(850 < c < 1150 for c in counts)


@pytest.mark.parametrize(("game", "seed", "where", "expected"), [
    ("will-o-the-wisp", 1, "t0", ["7D", "9C", "4D"]),
    ("will-o-the-wisp", 1, "stock5", ["KC", "KH", "TH", "TS", "JS"]),
    ("black-widow", 42, "stock5", ["9S", "KH", "AC", "QD", "5C"]),
    ("waxing-moon", 2**64 - 1, "t11", ["2C", "QS", "3D", "2C"]),
])
def test_golden_deals(game, seed, where, expected):
    position = deal(game, seed).position()
    if where == "stock5":
        got = position.stock[:5]
    else:
        pile = position.tableau[int(where[1:])]
        got = pile.down + pile.up
    assert [card_str(c) for c in got] == expected


def test_every_game_deals_its_exact_deck_and_layout():
    for spec in CATALOGUE.values():
        position = deal(spec, 123).position().validate()
        assert position.cards() == spec.deck.counts()
        assert [(len(p.down), len(p.up)) for p in position.tableau] == list(spec.layout)
        assert len(position.stock) == spec.stock_size


def test_different_seeds_differ_and_shuffle_is_a_permutation():
    cards = list(range(52))
    assert sorted(shuffled(cards, 5)) == cards
    assert shuffled(cards, 5) != shuffled(cards, 6)
    assert shuffled(cards, 5) == shuffled(cards, 5)


@pytest.mark.parametrize("bad", [-1, 2**64, 1.5, "7", True])
def test_bad_seeds_are_refused(bad):
    with pytest.raises(WispError, match="deal number"):
        deal("will-o-the-wisp", bad)


def test_daily_seed_is_fixed_per_date_and_game():
    assert daily_seed("2026-11-29") == 12372077335492876304
    assert daily_seed(datetime.date(2026, 11, 29)) == daily_seed("2026-11-29")
    assert daily_seed("2026-11-30") != daily_seed("2026-11-29")
    assert daily_seed("2026-11-29", "black-widow") != daily_seed("2026-11-29")
    with pytest.raises(WispError, match="not a date"):
        daily_seed("29/11/2026")


def test_a_game_prints_as_its_name_and_progress_never_its_cards():
    """`print(w.game)` showed `<wispwidget.engine.game.Game object at 0x...>`."""
    from wispwidget import deal

    game = deal("will-o-the-wisp", 1)
    assert repr(game) == "<Game will-o-the-wisp/standard: 0 moves played>"
    game.play(game.legal_moves()[0])
    assert repr(game) == str(game) == "<Game will-o-the-wisp/standard: 1 move played>"
