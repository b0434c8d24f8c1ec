"""Winning lines made short enough to follow (search/lines.py, wisp_fewest_moves in _native/planner.c): legal,
ending where the line ended, showing the same cards in the same order, never longer, and much shorter where the
solver wandered."""

from __future__ import annotations

import ctypes
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wispwidget import Game, deal
from wispwidget.engine.move import Move
from wispwidget.engine.position import Position
from wispwidget.search import native
from wispwidget.search.hints import Hinter
from wispwidget.search.lines import shortened, shorter_line
from wispwidget.search.solver import solve, verify_line

from .helpers import random_walk

needs_core = pytest.mark.skipif(native.load() is None, reason="no C compiler: the shorter ways need the C core")


def reveals(position: Position, moves: list[Move]) -> list[tuple]:
    """What a line shows, in order: after each move that reveals, the cards face up or dealt so far, as a key."""
    game, shown = Game(position, validate=False), []
    for move in moves:
        hidden = sum(map(len, game.down)) + len(game.stock)
        game.push(move)
        if sum(map(len, game.down)) + len(game.stock) != hidden:
            shown.append(game.key())
    return shown


def end_key(position: Position, moves: list[Move]) -> tuple:
    """Where a line ends; every move must be legal on the way."""
    game = Game(position, validate=False)
    for move in moves:
        assert game.why_illegal(move) is None
        game.push(move)
    return game.key()


@pytest.mark.parametrize("core", [True, False], ids=["C core", "loops only"])
@settings(max_examples=40, deadline=None)
@given(game_id=st.sampled_from(["mini-wisp", "will-o-the-wisp", "black-widow", "waxing-moon", "spider"]),
       seed=st.integers(1, 10_000), steps=st.integers(0, 80), walk_seed=st.integers(0, 2**32))
def test_a_shorter_line_is_legal_ends_in_the_same_position_and_shows_the_same_cards(core, game_id, seed, steps,
                                                                                   walk_seed):
    if core and native.load() is None:
        pytest.skip("no C compiler")
    game = deal(game_id, seed)
    start = game.position()
    moves = random_walk(game, steps, random.Random(walk_seed))
    with pytest.MonkeyPatch.context() as patch:
        if not core:
            patch.setattr(native, "load", lambda: None)
        short = shorter_line(start, moves)
    assert len(short) <= len(moves)
    assert end_key(start, short) == end_key(start, moves)
    assert reveals(start, short) == reveals(start, moves)


def keys_along(position: Position, moves: list[Move]) -> list[tuple]:
    game = Game(position, validate=False)
    keys = [game.key()]
    for move in moves:
        game.push(move)
        keys.append(game.key())
    return keys


@needs_core
def test_without_the_core_the_detours_are_cut(monkeypatch):
    """Deal 10's winning line wanders; without the core its detours still go (a position met again, or one
    reached later by a single move), and it still wins."""
    start = deal("will-o-the-wisp", 10).position()
    line = list(solve(start, max_positions=250_000).moves)
    monkeypatch.setattr(native, "load", lambda: None)
    short = shorter_line(start, line)
    verify_line(start, short)
    assert len(short) <= 400 < len(line)
    assert reveals(start, short) == reveals(start, line)


@needs_core
def test_a_wandering_winning_line_becomes_one_a_person_can_follow():
    """Deal 10 of Will o' the Wisp: the solver's line wanders for 948 moves; it shows the same cards in 350 or
    fewer, and still wins."""
    start = deal("will-o-the-wisp", 10).position()
    result = solve(start, max_positions=250_000)
    assert result.result == "won" and len(result.moves) > 700
    short = shortened(result, start)
    verify_line(start, short.moves)
    assert len(short.moves) <= 350
    assert reveals(start, list(short.moves)) == reveals(start, list(result.moves))


@needs_core
def test_a_hint_follows_the_shorter_line():
    game = deal("will-o-the-wisp", 10)
    hinter, played = Hinter(), 0
    while not game.is_won():
        hint = hinter.hint(game)
        assert hint.move is not None and hint.proved
        game.play(hint.move)
        played += 1
    assert played <= 350


@needs_core
def test_the_core_refuses_a_search_it_cannot_make_and_says_when_it_finds_no_shorter_way():
    lib = native.load()
    position = deal("waxing-moon", 4).position()  # every card face up: moves that show nothing
    spec = native.encode_spec(position)
    blob = native.encode_position(position)
    data = (ctypes.c_uint8 * len(blob)).from_buffer_copy(blob)
    out = (ctypes.c_int32 * 8)()

    def call(max_positions=100, longest=8, cap=8):
        return lib.wisp_fewest_moves(ctypes.byref(spec), data, len(blob), data, len(blob), max_positions, longest,
                                     out, cap)

    assert call() == 0  # already there
    assert call(max_positions=0) == call(longest=0) == call(cap=-1) == native.C["WISP_BAD_SPEC"]
    assert native.core_fewest_moves(lib, position, position, 100, 1) == ()
    game = Game(position)
    quiet = next(m for m in game.legal_moves() if reveals(position, [m]) == [])  # a move that shows nothing
    game.push(quiet)
    assert native.core_fewest_moves(lib, position, game.position(), 100, 1) is None  # nothing shorter than 1
    assert native.core_fewest_moves(lib, position, game.position(), 100, 2) == (quiet,)


def test_a_shortened_line_the_engine_refuses_is_reported_and_never_returned(monkeypatch):
    """Were the C core's splice ever wrong (as when its key left out the foundations), the table would show an
    illegal move: the line is replayed first, the defect warned about, and the solver's own line kept."""
    import warnings as _warnings

    from wispwidget.search import lines

    position = Game.new("mini-wisp", seed=3).position()
    result = solve(position, 200_000)
    assert result.result == "won"
    monkeypatch.setattr(native, "core_fewest_moves", lambda *a: [Move("t0", "t0", 1)])
    with _warnings.catch_warnings(record=True) as caught:
        _warnings.simplefilter("always")
        line = lines.shorter_line(position, result.moves)
    assert line == list(result.moves)
    assert any(issubclass(w.category, lines.LineDefectWarning) for w in caught)
