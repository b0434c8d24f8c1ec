"""Property-based tests over random playouts of every catalogue game."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from wispwidget import CATALOGUE, Game, Move
from wispwidget.io.formats import position_to_dict, read_position, write_position

from .reference_rules import after, legal_triples

SPECS = list(CATALOGUE.values())
game_specs = st.sampled_from(SPECS)
seeds = st.integers(min_value=0, max_value=2**64 - 1)


def playout(game: Game, rng: random.Random, steps: int):
    """Yield (move, position before) along a random playout."""
    for _ in range(steps):
        moves = game.legal_moves()
        if not moves:
            return
        move = rng.choice(moves)
        before = game.position()
        game.play(move)
        yield move, before


@settings(max_examples=60, deadline=None)
@given(spec=game_specs, seed=seeds, walk=st.integers(0, 2**32))
def test_cards_conserved_and_positions_stay_valid(spec, seed, walk):
    game = Game.new(spec, seed=seed)
    deck = spec.deck.counts()
    for _ in playout(game, random.Random(walk), 120):
        position = game.position()
        assert position.cards() == deck
        position.validate()


@settings(max_examples=60, deadline=None)
@given(spec=game_specs, seed=seeds, walk=st.integers(0, 2**32))
def test_undo_restores_exactly_and_redo_replays(spec, seed, walk):
    game = Game.new(spec, seed=seed)
    history = []
    for move, before in playout(game, random.Random(walk), 120):
        history.append((move, before, game.position()))
    for move, before, after_ in reversed(history):
        assert game.position() == after_
        assert game.undo() == move
        assert game.position() == before
    for move, _before, after_ in history:
        assert game.redo() == move
        assert game.position() == after_


@settings(max_examples=40, deadline=None)
@given(spec=game_specs, seed=seeds, walk=st.integers(0, 2**32))
def test_legal_moves_match_the_independent_reference_and_all_play(spec, seed, walk):
    game = Game.new(spec, seed=seed)
    rng = random.Random(walk)
    for _ in range(60):
        position = game.position()
        moves = game.legal_moves()
        assert len(set(moves)) == len(moves)
        assert {tuple(m) for m in moves} == set(legal_triples(position))
        if not moves:
            break
        for move in moves:  # every generated move plays, and matches the reference's result
            game.play(move)
            assert game.position() == after(position, tuple(move))
            game.undo()
        game.play(rng.choice(moves))


@settings(max_examples=60, deadline=None)
@given(spec=game_specs, seed=seeds, walk=st.integers(0, 2**32))
def test_json_round_trips_exactly(spec, seed, walk):
    game = Game.new(spec, seed=seed)
    for _ in playout(game, random.Random(walk), 80):
        pass
    position = game.position()
    text = write_position(position)
    again = read_position(text)
    assert again == position
    assert write_position(again) == text
    assert read_position(write_position(position, indent=None)) == position
    assert position_to_dict(again) == position_to_dict(position)


@settings(max_examples=40, deadline=None)
@given(spec=game_specs, seed=seeds, walk=st.integers(0, 2**32))
def test_illegal_candidates_are_refused_and_change_nothing(spec, seed, walk):
    game = Game.new(spec, seed=seed)
    for _ in playout(game, random.Random(walk), 40):
        pass
    before = game.position()
    legal = set(game.legal_moves())
    piles = [f"t{i}" for i in range(spec.piles)] + [f"f{i}" for i in range(spec.foundation_piles)]
    for source in [*piles, "waste", "stock"]:
        for target in [*piles, "waste", "tableau", "stock"]:
            for count in (1, 2, 3):
                move = Move(source, target, count)
                if move in legal:
                    continue
                assert game.why_illegal(move) is not None
                assert game.position() == before
