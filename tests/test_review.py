"""``review``: the first move after which the game could no longer be won, on games where it is known."""

from __future__ import annotations

import math
import random
import re

import pytest

import wispwidget as ww
from wispwidget.engine.game import Game
from wispwidget.engine.move import Move
from wispwidget.io.words import move_words
from wispwidget.search.solver import CancelToken, solve
from wispwidget.studies.review import MAX_NAMED, _move_words, _range_words, review

from .helpers import random_walk
from .test_variants_differential import exhaustive_winnable


def lost_game(seed: int, game: str = "mini-wisp", tail: int = 4):
    """A won line, then the first move off it that the solver proves lost, then a few random legal moves.

    Returns the start, the moves and the index of the losing move (or None when this deal has no such move)."""
    start = ww.deal(game, seed).position()
    line = solve(start).moves
    for k in range(len(line)):
        game_ = Game(start)
        for move in line[:k]:
            game_.push(move)
        for alternative in game_.legal_moves():
            if alternative == line[k]:
                continue
            game_.push(alternative)
            if solve(game_.position(), 100_000).result == "lost":
                rng = random.Random(seed)
                played = [*line[:k], alternative, *random_walk(game_, tail, rng)]
                return start, played, k
            game_.pop()
    return None


CASES = [seed for seed in (6, 8, 9, 10, 12, 17)]


@pytest.mark.parametrize("seed", CASES)
def test_review_names_the_move_that_lost_a_constructed_game(seed):
    start, moves, k = lost_game(seed)
    result = review(start, moves)
    assert result.verdict == "lost-at" and result.settled
    assert result.losing_index == k and result.losing_move == moves[k]
    game = Game(start)
    for move in moves[:k]:
        game.push(move)
    assert result.before == game.position()
    # An exhaustive search, not the solver, confirms: winnable before, lost after.
    assert exhaustive_winnable(result.before)[0]
    game.push(moves[k])
    assert not exhaustive_winnable(game.position())[0]
    # The better line replays to a win from the position before.
    replay = Game(result.before)
    for move in result.better:
        replay.play(move)
    assert replay.is_won() and result.better[0] != moves[k]
    assert f"move {k + 1}:" in result.message and _move_words(result.before, result.better[0]) in result.message


def test_a_won_game_kept_every_move_winnable():
    start = ww.deal("mini-wisp", 6).position()
    line = solve(start).moves
    result = review(start, line)
    assert result.verdict == "kept-winnable" and result.losing_index is None
    assert result.message == f"Every move kept the game winnable: won in {len(line)} moves."


def test_mid_game_still_winnable_names_a_move_that_wins_from_here():
    start = ww.deal("mini-wisp", 8).position()
    line = solve(start).moves
    result = review(start, line[:3])
    assert result.verdict == "kept-winnable" and result.better
    assert "Every move so far (3) kept the game winnable" in result.message


def test_mid_game_after_the_losing_move_still_finds_it():
    start, moves, k = lost_game(9, tail=0)
    result = review(start, moves)
    assert result.verdict == "lost-at" and result.losing_index == k == len(moves) - 1


def test_a_deal_lost_from_the_start():
    seed = next(s for s in range(1, 200) if solve(ww.deal("micro-wisp", s).position()).result == "lost")
    game = ww.deal("micro-wisp", seed)
    moves = []
    while (legal := game.legal_moves()) and len(moves) < 5:
        moves.append(legal[0])
        game.push(legal[0])
    result = review(ww.deal("micro-wisp", seed).position(), moves)
    assert result.verdict == "lost-from-start" and "could not be won from the start" in result.message


def test_a_step_the_budget_cannot_settle_is_said_so():
    start, moves, k = lost_game(12)
    result = review(start, moves, max_positions=1)
    assert result.verdict == "unknown" and not result.settled
    assert "Not settled within 1 position per position checked" in result.message
    # it reads as a sentence (it said "the game was not proved winnable even at the start and lost after ...")
    assert "the solver could not prove even the deal winnable, and it was lost after 14 moves (proved)" in \
        result.message
    assert re.search(r"\b1 (positions|moves)\b", result.message) is None  # counts agree with their nouns
    low, high = result.losing_range
    assert 1 <= low <= k + 1 <= high <= len(moves)
    assert any(answer == "unknown" for _, answer in result.steps)
    # the table shows no move numbers: the range's moves are named in words (its first and last when long)
    game, named = Game(start, validate=False), []
    for index, move in enumerate(moves, 1):
        if index in (low, high) or (high - low < MAX_NAMED and low <= index <= high):
            named.append(f"move {index}: {_move_words(game.position(), move)}")
        game.play(move)
    assert all(words in result.message for words in named), (named, result.message)


def test_a_short_unsettled_range_names_each_of_its_moves():
    positions = [ww.deal("mini-wisp", 6).position()]
    game, moves = Game(positions[0], validate=False), []
    for _ in range(3):
        moves.append(game.legal_moves()[0])
        game.play(moves[-1])
        positions.append(game.position())
    words = [_move_words(positions[i], moves[i]) for i in range(3)]
    assert _range_words(positions, moves, 1, 3) == (f"one of moves 1 to 3 (move 1: {words[0]}; move 2: {words[1]}; "
                                                    f"move 3: {words[2]})")
    assert _range_words(positions, moves, 2, 2) == f"move 2: {words[1]}"


def test_progress_is_reported_and_cancel_stops_it():
    start, moves, _ = lost_game(10)
    seen = []
    review(start, moves, progress=lambda done, total: seen.append((done, total)))
    about = 1 + math.ceil(math.log2(len(moves) + 1))  # a bisection of the moves, every check settled
    assert seen and seen[0] == (1, about) and all(t == about for _, t in seen)
    assert seen[-1][0] <= about  # the estimate shown to the player is not exceeded when every check settles
    token = CancelToken()
    token.cancel()
    assert review(start, moves, cancel=token).verdict == "cancelled"


def test_a_review_before_any_move_and_its_short_repr():
    start = ww.deal("mini-wisp", 6).position()
    result = review(start, [])
    assert result.verdict == "kept-winnable" and result.message.startswith("No move played yet")
    assert "(0)" not in result.message and repr(result) == f"Review(kept-winnable: {result.message})"
    assert result.better and _move_words(start, result.better[0]) not in result.message  # no answer given away
    assert "Position" not in repr(result)


def test_a_review_says_moves_as_the_table_does():
    game = ww.deal("mini-wisp", 6)
    assert _move_words(game.position(), Move("stock", "tableau")) == "a deal"  # inside a sentence
    move = game.legal_moves()[0]
    assert _move_words(game.position(), move) == move_words(move, game)  # the same words as every message


def test_positions_already_proved_lost_are_not_searched_again():
    start, moves, k = lost_game(10)
    searched, again = [], []
    plain = review(start, moves, progress=lambda done, _about: searched.append(done))
    told = review(start, moves, known_lost=range(k + 1, len(moves) + 1),
                  progress=lambda done, _about: again.append(done))
    assert (told.verdict, told.losing_index, told.before) == (plain.verdict, plain.losing_index, plain.before)
    replay = Game(told.before)
    for move in told.better:
        replay.play(move)
    assert replay.is_won()
    assert len(again) < len(searched)  # the losing side's proofs, the dear ones, came from the table
