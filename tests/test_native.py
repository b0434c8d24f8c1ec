"""The C core's move generator and move application, compared with the engine on random play-outs."""

from __future__ import annotations

import ctypes
import random

import pytest

from wispwidget import CATALOGUE, Game
from wispwidget.search import native

pytestmark = pytest.mark.skipif(native.load() is None, reason="no C compiler: the pure-Python solver is used")


def native_after(position, move):
    lib = native.load()
    blob = native.encode_position(position)
    codes = {native.decode_move(c): c for c in _codes(position)}
    out = (ctypes.c_uint8 * 4096)()
    n = lib.wisp_apply(native.encode_spec(position), (ctypes.c_uint8 * len(blob)).from_buffer_copy(blob), len(blob),
                       codes[move], out, 4096)
    assert n > 0
    return bytes(out[:n])


def _codes(position):
    lib = native.load()
    blob = native.encode_position(position)
    out = (ctypes.c_int32 * 8192)()
    n = lib.wisp_moves(native.encode_spec(position), (ctypes.c_uint8 * len(blob)).from_buffer_copy(blob),
                       len(blob), out, 8192)
    return [out[i] for i in range(n)]


@pytest.mark.parametrize("key", sorted(CATALOGUE))
def test_native_moves_and_results_match_the_engine(key):
    spec = CATALOGUE[key]
    rng = random.Random(key)
    for seed in range(1, 9):
        game = Game.new(spec, seed=seed)
        for _ in range(150):
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
