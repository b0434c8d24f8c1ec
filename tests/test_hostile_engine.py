"""The engine's input checking is total: any move at all is played or refused in one sentence, game unchanged."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wispwidget import Game, IllegalMoveError, Move, NoDestinationError, game_ids

GAMES = sorted(game_ids())
LOCATIONS = ["tableau", "stock", "waste", "t0", "t1", "t3", "t9", "t10", "t63", "t64", "t999", "f0", "f1", "f7",
             "f8", "f99", "t-1", "t01", "T1", "t", "f", "", " t0", "t0 ", "t١", "waste\x00", "t" + "9" * 50]
location = st.one_of(st.sampled_from(LOCATIONS), st.text(max_size=6), st.integers(), st.none(), st.booleans(),
                     st.floats(allow_nan=True), st.lists(st.integers(), max_size=2))
count = st.one_of(st.integers(min_value=-3, max_value=120), st.integers(), st.booleans(), st.none(),
                  st.floats(allow_nan=True), st.text(max_size=3), st.just(10**40))
move = st.one_of(
    st.tuples(location, location),
    st.tuples(location, location, count),
    st.builds(Move, location, location, count),
    st.lists(location, max_size=5),
    st.tuples(),
    st.tuples(location),
    st.tuples(location, location, count, count),
    location,
    st.dictionaries(st.text(max_size=4), location, max_size=3),
)


def random_game(name: str, seed: int, steps: int) -> Game:
    game = Game.new(name, seed=seed % 50)
    rng = random.Random(seed)
    for _ in range(steps):
        moves = game.legal_moves()
        if not moves:
            break
        game.push(rng.choice(moves))
    return game


def one_sentence(text: str) -> bool:
    return bool(text) and "\n" not in text and len(text) < 400


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(GAMES), seed=st.integers(0, 10_000), steps=st.integers(0, 40),
       moves=st.lists(move, min_size=1, max_size=8))
def test_arbitrary_moves_are_played_or_refused_with_the_game_unchanged(name, seed, steps, moves):
    game = random_game(name, seed, steps)
    start, already = game.position(), len(game.moves_played)
    for candidate in moves:
        before, history = game.position(), game.moves_played
        reason = game.why_illegal(candidate)
        assert reason is None or (isinstance(reason, str) and one_sentence(reason))
        try:
            game.play(candidate)
        except IllegalMoveError as exc:
            assert reason is not None and one_sentence(str(exc))
            assert game.position() == before and game.moves_played == history
        else:
            assert reason is None and game.moves_played[-1] in before_legal(before)
            game.undo()
            assert game.position() == before
            game.redo()
    # the legal moves that were played still replay from where they started
    replay = Game(start, validate=False)
    for played in game.moves_played[already:]:
        replay.play(played)
    assert replay.position() == game.position()


def before_legal(position) -> list[Move]:
    return Game(position, validate=False).legal_moves()


@settings(max_examples=200, deadline=None)
@given(name=st.sampled_from(GAMES), seed=st.integers(0, 10_000), steps=st.integers(0, 40), source=location,
       number=count)
def test_arbitrary_clicks_give_a_move_or_say_why(name, seed, steps, source, number):
    game = random_game(name, seed, steps)
    before = game.position()
    try:
        chosen = game.click_destination(source, number)
    except NoDestinationError as exc:
        assert one_sentence(str(exc))
    else:
        assert game.why_illegal(chosen) is None
    assert game.position() == before


@pytest.mark.parametrize("name", GAMES)
def test_the_word_tableau_is_not_a_source(name):
    game = Game.new(name, seed=1)
    before = game.position()
    for candidate in [("tableau", "t0"), ("tableau", "f0"), ("tableau", "t0", 2), Move("tableau", "waste")]:
        assert game.why_illegal(candidate)
        with pytest.raises(IllegalMoveError):
            game.play(candidate)
        assert game.position() == before


def test_wrong_shapes_are_illegal_moves_not_type_errors():
    game = Game.new("will-o-the-wisp", seed=1)
    for candidate in [None, "t0", ("t0",), ("t0", "t1", 1, 1), ("t0", "t1", 10**30), ("t0", "t1", True),
                      (0, 1), ["t0", None], {"from": "t0", "to": "t1"}, ("t" + "9" * 5000, "t0")]:
        with pytest.raises(IllegalMoveError) as caught:
            game.play(candidate)
        assert one_sentence(str(caught.value))
