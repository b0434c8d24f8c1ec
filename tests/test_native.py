"""The C core's move generator and move application, compared with the engine on random play-outs.

They go through the core's test build (``native.load_test_hooks()``): the product library has no hooks.
"""

from __future__ import annotations

import random

import pytest

from wispwidget import CATALOGUE, Game
from wispwidget.search import native

pytestmark = pytest.mark.skipif(native.load_test_hooks() is None,
                                reason="no C compiler: the pure-Python solver is used")


def native_after(position, move):
    codes = {native.decode_move(c): c for c in native.native_move_codes(position)}
    return native.native_apply(position, codes[move])


def differential_playout(spec, seeds=range(1, 9), steps=150, key=None):
    """Random play-outs of ``spec``: at every position the core's legal moves are the engine's, and each
    move played by the core gives the engine's position."""
    rng = random.Random(key or spec.key)
    for seed in seeds:
        game = Game.new(spec, seed=seed)
        for _ in range(steps):
            position = game.position()
            moves = game.legal_moves()
            assert sorted(native.native_legal_moves(position)) == sorted(moves)
            for move in moves:
                game.push(move)
                assert native_after(position, move) == native.encode_position(game.position()), move
                game.pop()
            if not moves:
                break
            game.push(rng.choice(moves))


@pytest.mark.parametrize("key", sorted(CATALOGUE))
def test_native_moves_and_results_match_the_engine(key):
    differential_playout(CATALOGUE[key])
