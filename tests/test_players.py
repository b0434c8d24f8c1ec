"""Honest players: they never read a hidden card."""

from __future__ import annotations

import random

from wispwidget import Game, deal
from wispwidget.engine.position import Pile, Position
from wispwidget.search.players import HeuristicPlayer, HindsightPlayer, InformationSet, next_key, play_game, reveals


def shuffled_hidden(position: Position, seed: int) -> Position:
    """The same visible position with the face-down and stock cards rearranged among themselves."""
    hidden = [c for p in position.tableau for c in p.down] + list(position.stock)
    random.Random(seed).shuffle(hidden)
    at, tableau = 0, []
    for pile in position.tableau:
        tableau.append(Pile(tuple(hidden[at:at + len(pile.down)]), pile.up))
        at += len(pile.down)
    return Position(position.spec, tuple(tableau), tuple(hidden[at:]), position.waste, position.finished,
                    position.foundations)


def moves_until_a_reveal(position: Position, player, steps: int = 40) -> list:
    game = Game(position, validate=False)
    rng = random.Random(7)
    player.reset()
    chosen = []
    for _ in range(steps):
        info = InformationSet.of(game)
        if not info.legal_moves:
            break
        move = player.choose(info, rng)
        chosen.append(move)
        if reveals(info, move):
            break  # from here the two games may show different cards
        game.play(move)
    return chosen


def test_information_set_has_no_hidden_positions():
    game = deal("will-o-the-wisp", 3)
    info = InformationSet.of(game)
    assert [down for down, _ in info.piles] == [2] * 7 and info.stock_count == 31
    assert sorted(info.unseen) == sorted([c for d in game.down for c in d] + game.stock)
    other = InformationSet.of(Game(shuffled_hidden(game.position(), 1), validate=False))
    assert other == info  # two games that differ only in hidden cards look the same to a player


def test_players_play_identically_until_a_card_is_revealed():
    for seed in range(1, 6):
        a = deal("will-o-the-wisp", seed, variant="relaxed").position()
        b = shuffled_hidden(a, seed)
        assert a != b
        for player in (HeuristicPlayer(), HindsightPlayer(samples=3, max_positions=2_000)):
            assert moves_until_a_reveal(a, player) == moves_until_a_reveal(b, player)


def test_sampled_arrangements_are_consistent_with_what_is_seen():
    game = deal("black-widow", 4)
    info = InformationSet.of(game)
    for seed in range(5):
        sample = info.sample(random.Random(seed)).validate()
        assert [(len(p.down), p.up) for p in sample.tableau] == [(len(d), tuple(u)) for d, u in
                                                                 zip(game.down, game.up)]
        assert len(sample.stock) == len(game.stock)


def test_next_key_of_a_quiet_move_matches_the_real_game():
    game = deal("waxing-moon", 2)
    info = InformationSet.of(game)
    for move in info.legal_moves:
        key = next_key(info, move)
        if key is None:
            continue
        game.push(move)
        assert InformationSet.of(game).key == key
        game.pop()


def test_play_game_is_deterministic_and_legal():
    position = deal("mini-wisp", 4).position()
    first = play_game(position, HindsightPlayer(samples=3, max_positions=2_000), seed=3)
    second = play_game(position, HindsightPlayer(samples=3, max_positions=2_000), seed=3)
    assert first == second
    replay = Game(position)
    for move in first.moves:
        replay.play(move)
    assert replay.is_won() == first.won
