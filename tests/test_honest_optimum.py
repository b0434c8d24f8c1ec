"""The best honest play, exactly, on tiny decks: checked against the solver, a real player and itself."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

from hypothesis import example, given, settings
from hypothesis import strategies as st

from wispwidget import Game, get_game
from wispwidget.cards import make_card
from wispwidget.engine.dealing import deal_position
from wispwidget.engine.move import DEAL, Move
from wispwidget.engine.position import Pile, Position
from wispwidget.games.catalogue import tiny_wisp
from wispwidget.games.spec import Deck
from wispwidget.search.honest_optimum import honest_move_values, honest_value
from wispwidget.search.players import HeuristicPlayer, InformationSet, play_game
from wispwidget.search.solver import solve

# Will o' the Wisp rules on A-4 of spades and hearts: three piles of one face-down card under one face-up
# card, two cards in the stock (five hidden cards, 120 arrangements)
TINY = tiny_wisp(4, 3)
# The same on A-2 of spades and hearts, twice: equal cards, so what a reveal may show comes with multiplicities
TWICE = replace(TINY, game="tiny-wisp-twice", deck=Deck(suits="SH", top_rank=2, copies=2))


def arrangements(position: Position) -> list[Position]:
    """Every position that looks like ``position``: its hidden cards (face down and stock) in every order."""
    hidden = [c for pile in position.tableau for c in pile.down] + list(position.stock)
    found = []
    for order in itertools.permutations(hidden):  # equal cards make equal orders: each counts, as in a shuffle
        at, tableau = 0, []
        for pile in position.tableau:
            tableau.append(Pile(order[at:at + len(pile.down)], pile.up))
            at += len(pile.down)
        found.append(replace(position, tableau=tuple(tableau), stock=order[at:]))
    return found


def won(position: Position) -> bool:
    result = solve(position, max_positions=1_000_000)
    assert result.result in ("won", "lost")  # tiny: the solver settles every one
    return result.result == "won"


@settings(max_examples=4, deadline=None)
@given(st.integers(1, 10**6))
def test_the_best_honest_play_lies_between_a_real_player_and_the_solver(seed):
    position = deal_position(TINY, seed)
    value = honest_value(Game(position)).win_probability
    every = arrangements(position)
    assert len(every) == 120
    seeing = sum(map(won, every)) / len(every)  # the solver sees the cards: no honest player does better
    heuristic = sum(play_game(p, HeuristicPlayer()).won for p in every) / len(every)  # one honest player
    assert heuristic - 1e-9 <= value <= seeing + 1e-9


@settings(max_examples=3, deadline=None)
@given(st.integers(1, 10**6), st.sampled_from([TINY, TWICE]))
@example(2038, TINY)  # two moves worth the same, up to rounding
@example(1, TWICE)
@example(3, TWICE)
@example(2707, TWICE)  # a deal that finishes two runs and turns two cards: drawn from the right cards
def test_the_best_move_keeps_the_value_on_average_over_what_it_shows(seed, spec):
    """Played in every arrangement that looks the same, the best move leaves, on average, the value it had."""
    position = deal_position(spec, seed)
    before = honest_value(Game(position))
    if before.best_move is None:
        return
    seen: dict[InformationSet, float] = {}  # arrangements that show the same cards after the move share a value
    after = []
    for arrangement in arrangements(position):
        game = Game(arrangement, validate=False)
        game.push(before.best_move)
        info = InformationSet.of(game)
        if info not in seen:
            seen[info] = honest_value(info).win_probability
        after.append(seen[info])
    assert abs(sum(after) / len(after) - before.win_probability) < 1e-9
    values = honest_move_values(Game(position))
    assert abs(max(values.values()) - before.win_probability) < 1e-9
    assert abs(values[before.best_move] - before.win_probability) < 1e-9


def test_with_nothing_hidden_the_value_is_the_solvers_verdict():
    for seed in range(1, 30):
        position = deal_position(TINY, seed)
        cards = [list(pile.down + pile.up) for pile in position.tableau]
        for at, card in enumerate(position.stock):
            cards[at % len(cards)].append(card)  # every card face up, nothing left to deal
        open_position = Position(TINY, tuple(Pile((), tuple(c)) for c in cards))
        assert honest_value(Game(open_position, validate=False)).win_probability == float(won(open_position))


def test_a_deal_that_suits_one_stock_order_of_two_is_worth_one_half():
    # 4♠ 3♠ 2♠ | A♥ | 2♥ A♠, and 4♥ 3♥ still in the stock in an order nobody has seen
    spade = {rank: make_card(rank, 3) for rank in range(1, 5)}
    heart = {rank: make_card(rank, 2) for rank in range(1, 5)}
    tableau = (Pile((), (spade[4], spade[3], spade[2])), Pile((), (heart[1],)), Pile((), (heart[2], spade[1])))
    position = Position(TINY, tableau, stock=(heart[4], heart[3]))
    values = honest_move_values(Game(position))
    # Laying A♥ on 2♠ wins whatever the order; finishing the spade run at once leaves two cards for three
    # piles, so the stock can never deal again: lost.
    assert values[Move("t1", "t0")] == 1.0 and values[Move("t2", "t0")] == 0.0
    # Dealing now wins for one order of the two stock cards and not the other.
    orders = [replace(position, stock=stock) for stock in ((heart[4], heart[3]), (heart[3], heart[4]))]
    assert sorted(map(won, (after_deal(p) for p in orders))) == [False, True]
    assert values[DEAL] == 0.5
    assert all(won(p) for p in orders)  # and the solver, seeing the order, wins both


def after_deal(position: Position) -> Position:
    game = Game(position)
    game.play(DEAL)
    return game.position()


def test_only_visible_cards_are_read():
    position = deal_position(TINY, 5)
    info = InformationSet.of(Game(position))
    for arrangement in random.Random(1).sample(arrangements(position), 5):
        assert InformationSet.of(Game(arrangement, validate=False)) == info
        assert honest_value(Game(arrangement, validate=False)) == honest_value(info)


def test_a_search_too_large_says_so():
    value = honest_value(deal_position_game("mini-wisp", 2), max_states=50)
    assert not value.settled and value.win_probability is None and value.best_move is None
    assert honest_move_values(deal_position_game("mini-wisp", 2), max_states=50) is None
    # A full deck's first deal alone has billions of outcomes: the budget stops their enumeration too.
    assert not honest_value(deal_position_game("will-o-the-wisp", 1), max_states=1_000).settled


def deal_position_game(game: str, seed: int) -> Game:
    return Game(deal_position(get_game(game, "standard"), seed))


def test_pile_order_matters_only_while_the_stock_can_deal():
    # Two stock cards go onto piles 0 and 1, never pile 2: swapping piles 0 and 2 changes deal 1's value.
    position = deal_position(TINY, 1)
    swapped = replace(position, tableau=position.tableau[::-1])
    assert honest_value(Game(position)).win_probability == 0.75
    assert abs(honest_value(Game(swapped)).win_probability - 0.7417) < 1e-4
    # With nothing left to deal no rule tells the piles apart.
    checked = 0
    for seed in range(1, 20):
        game = Game(deal_position(TINY, seed))
        while game.stock and DEAL not in game.legal_moves():
            game.play(game.legal_moves()[0])
        if not game.stock or DEAL not in game.legal_moves():
            continue
        game.play(DEAL)
        position = game.position()
        reordered = replace(position, tableau=position.tableau[1:] + position.tableau[:1])
        assert abs(honest_value(Game(position, validate=False)).win_probability
                   - honest_value(Game(reordered, validate=False)).win_probability) < 1e-9
        checked += 1
    assert checked >= 5


def test_draws_leave_the_unseen_cards_as_they_were_and_sum_to_one():
    from collections import Counter

    from wispwidget.search.honest_optimum import _draws

    unseen = Counter({7: 2, 6: 2, 11: 1})
    for cards, _p in _draws(unseen, 2):
        # what a caller reads while the sequences are handed out (the cards left for the next reveal)
        assert unseen == Counter({7: 2, 6: 2, 11: 1}), cards
        left = unseen - Counter(cards)
        assert abs(sum(q for _, q in _draws(left, 2)) - 1.0) < 1e-12
    assert abs(sum(p for _, p in _draws(unseen, 3)) - 1.0) < 1e-12
