"""perft node counts of deal 1 of each seed game, checked against the independent reference."""

from __future__ import annotations

import pytest

from wispwidget import Game, get_game, perft
from wispwidget.engine.dealing import deal_position

from .reference_rules import reference_perft

# (game, variant, depth, count): the counts the reference rules give (golden, so a
# change to deals or to the move generator shows up here).
CHECKED = [
    ("will-o-the-wisp", "standard", 1, 4), ("will-o-the-wisp", "standard", 2, 11),
    ("will-o-the-wisp", "standard", 3, 33), ("will-o-the-wisp", "standard", 4, 109),
    ("will-o-the-wisp", "relaxed", 3, 42), ("will-o-the-wisp", "relaxed", 4, 146),
    ("black-widow", "standard", 1, 6), ("black-widow", "standard", 2, 35), ("black-widow", "standard", 3, 216),
    ("waxing-moon", "standard", 1, 11), ("waxing-moon", "standard", 2, 118), ("waxing-moon", "standard", 3, 1370),
    ("mini-wisp", "standard", 6, 26), ("mini-widow", "standard", 4, 665), ("mini-moon", "standard", 4, 2384),
]

# Deeper figures from the engine alone (too slow for the reference in every run).
DEEP = [
    ("will-o-the-wisp", "standard", 6, 1210), ("will-o-the-wisp", "relaxed", 6, 1941),
    ("black-widow", "standard", 4, 1414), ("waxing-moon", "standard", 4, 18535),
]


@pytest.mark.parametrize(("game", "variant", "depth", "count"), CHECKED)
def test_perft_matches_reference(game, variant, depth, count):
    position = deal_position(get_game(game, variant), 1)
    assert reference_perft(position, depth) == count
    engine = Game(position)
    assert perft(engine, depth) == count
    assert engine.position() == position  # perft leaves the game as it was


@pytest.mark.parametrize(("game", "variant", "depth", "count"), DEEP)
def test_perft_deep_golden(game, variant, depth, count):
    assert perft(Game.new(game, variant, seed=1), depth) == count


def test_perft_depth_zero_and_negative():
    game = Game.new("will-o-the-wisp", seed=1)
    assert perft(game, 0) == 1
    with pytest.raises(ValueError):
        perft(game, -1)
