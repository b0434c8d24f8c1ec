"""Honest players: they never read a hidden card."""

from __future__ import annotations

import random

from wispwidget import Game, Move, deal
from wispwidget.engine.position import Position
from wispwidget.search import players
from wispwidget.search.players import (
    HeuristicPlayer,
    HindsightPlayer,
    InformationSet,
    PlannerPlayer,
    cut_plan,
    next_key,
    play_game,
)

from .helpers import moves_until_a_reveal, shuffled_hidden


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
        for player in (HeuristicPlayer(), HindsightPlayer(samples=3, max_positions=2_000),
                       HindsightPlayer(samples=3, max_positions=2_000, candidates=3), PlannerPlayer(time_limit=None)):
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


def test_the_no_peek_player_is_handed_information_sets_and_solves_only_sampled_arrangements(monkeypatch):
    """The referee hands the player information sets; the player never solves (or builds) the real deal."""
    real = Game(deal("will-o-the-wisp", 5, variant="relaxed").position(), validate=False)

    def hidden(position: Position) -> tuple:
        return tuple(p.down for p in position.tableau), position.stock

    touched: list[tuple] = []
    solve, game_init = players.solve, Game.__init__

    def spy_solve(position, *args, **kwargs):
        touched.append(hidden(position.position() if isinstance(position, Game) else position))
        return solve(position, *args, **kwargs)

    def spy_init(self, position, *args, **kwargs):
        touched.append(hidden(position))
        game_init(self, position, *args, **kwargs)

    class Spy(HindsightPlayer):
        def choose(self, info, rng):
            assert type(info) is InformationSet
            monkeypatch.setattr(players, "solve", spy_solve)
            monkeypatch.setattr(Game, "__init__", spy_init)
            try:
                return super().choose(info, rng)
            finally:
                monkeypatch.setattr(players, "solve", solve)
                monkeypatch.setattr(Game, "__init__", game_init)

    start = real.position()
    for candidates in (1, 3):
        real = Game(start, validate=False)
        spy = Spy(samples=3, max_positions=2_000, candidates=candidates)
        moves = players.referee(lambda game=real: InformationSet.of(game), spy, random.Random(1), max_moves=12)
        for _ in range(12):
            before = hidden(real.position())
            try:
                real.play(next(moves))
            except StopIteration:
                break
            assert before not in touched  # nothing the player solved or built had the real hidden cards
            touched.clear()
        assert spy.solves > 0


def test_a_plan_ends_at_the_first_move_that_may_reveal_a_card():
    game = deal("will-o-the-wisp", 2, variant="relaxed")
    from wispwidget.search.solver import solve
    line = solve(game.position(), max_positions=50_000).moves
    assert line
    plan, end = cut_plan(game.position(), line)
    replay = game.copy()
    for move in plan[:-1]:
        assert next_key(InformationSet.of(replay), move) is not None  # quiet moves only, before the last
        replay.push(move)
    assert plan == line or next_key(InformationSet.of(replay), plan[-1]) is None
    assert end[0] == InformationSet.of(replay).key


def test_checking_plans_against_every_sample_only_adds_solves():
    position = deal("mini-wisp", 6).position()
    info = InformationSet.of(Game(position, validate=False))
    plain = HindsightPlayer(samples=4, max_positions=2_000)
    checked = HindsightPlayer(samples=4, max_positions=2_000, candidates=3)
    move, votes = checked.vote(info, random.Random(2))
    assert move in info.legal_moves and 0 <= votes <= 4
    plain.vote(info, random.Random(2))
    assert checked.solves >= plain.solves


def test_the_visible_key_of_a_game_is_its_information_sets_key():
    for game_id, seed in (("will-o-the-wisp", 4), ("waxing-moon", 2), ("black-widow", 1)):
        game = deal(game_id, seed)
        rng = random.Random(seed)
        for _ in range(30):  # keys change as cards move, turn, leave and go home
            assert players.visible_key(game) == InformationSet.of(game).key
            moves = game.legal_moves()
            if not moves:
                break
            game.play(rng.choice(moves))



def test_a_watcher_s_patience_ends_play_that_shows_nothing_new_and_play_game_keeps_going():
    import dataclasses
    import itertools

    base = InformationSet.of(Game.new("will-o-the-wisp", seed=7))
    orders = itertools.permutations(base.piles)  # a new visible state each time, nothing new shown

    def look():
        return dataclasses.replace(base, piles=next(orders))

    class First(players.Player):
        def __init__(self, plan_length=0):
            self.plan_length, self.played = plan_length, 0

        def choose(self, info, rng):
            self.played += 1
            return info.legal_moves[0]

        def mid_plan(self):  # a plan of plan_length moves, then none
            return self.played < self.plan_length

    def moves_until_the_end(patience, plan_length=0):
        moves, played = players.referee(look, First(plan_length), random.Random(1), patience=patience), 0
        try:
            while played < 50:
                next(moves)
                played += 1
        except StopIteration as end:
            return played, end.value
        return played, None

    assert moves_until_the_end(10) == (10, "nothing new in 10 moves")
    assert moves_until_the_end(10, plan_length=25) == (25, "nothing new in 10 moves")  # a plan is played out
    assert moves_until_the_end(None) == (50, None)  # play_game's referee waits for the move limit


def test_fair_hints_reason_names_what_the_plan_does():
    """The planner's reason in words: a plan that wins says so; a deal and a turn are told apart."""
    from types import SimpleNamespace

    from wispwidget.search.planner import WON_VALUE

    def words(value: int, last: Move) -> str:
        return PlannerPlayer._plan_words(SimpleNamespace(value=value, found=5, weighed=4, solved=0, moves=(last,)))

    assert words(WON_VALUE, Move("stock", "tableau")) == "it begins a way to win the game now"
    assert words(120, Move("stock", "tableau")).startswith("of 4 ways to get ready for the deal, it begins the one")
    assert words(120, Move("t1", "t3")).startswith("of 4 ways to reach a face-down card, it begins the one")
    looking = PlannerPlayer._plan_words(SimpleNamespace(value=120, found=5, weighed=4, solved=0,
                                                        moves=(Move("t1", "t3"),)), looks_past=True)
    assert "leaves the best next plan on average" in looking and "order" not in looking
    solved = PlannerPlayer._plan_words(SimpleNamespace(value=120, found=5, weighed=4, solved=6,
                                                       moves=(Move("stock", "tableau"),)), looks_past=True)
    assert solved == ("of 4 ways to show a new card, it begins the one that wins most often in 6 guesses at where "
                      "the hidden cards lie")
