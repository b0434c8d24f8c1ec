"""One move-ordering score (search/ordering.py) serves the teaching search, the Python solver and the players."""

from __future__ import annotations

import random

import pytest

from wispwidget import CATALOGUE, Game
from wispwidget.search import ordering
from wispwidget.search.players import InformationSet, move_score
from wispwidget.search.problem import SearchProblem
from wispwidget.search.solver import _ordered

from .helpers import random_positions


@pytest.mark.parametrize("key", sorted(CATALOGUE))
def test_every_user_of_move_ordering_reads_the_one_score(key):
    spec = CATALOGUE[key]
    for _, position in random_positions(spec, 12, random.Random(key)):
        game = Game(position, validate=False)
        view, legal = ordering.view_of(game), game.legal_moves()
        info = InformationSet.of(game)
        assert info.view._replace(piles=None) == view._replace(piles=None)  # a player's view is the same view
        assert info.view.piles == tuple((d, tuple(u)) for d, u in view.piles)
        assert [move_score(info, m) for m in legal] == [ordering.move_score(view, m) for m in legal]
        assert _ordered(game, True) == ordering.ordered(view, legal)
        kept, _ = SearchProblem(position, ordering=True).successors(game)
        unordered, _ = SearchProblem(position, ordering=False).successors(game)
        assert kept == ordering.ordered(view, unordered)


def test_the_score_puts_foundations_then_turns_then_suits_first_and_the_stock_last():
    from wispwidget import Move, parse_card

    piles = [(1, [parse_card("8C")]), (0, [parse_card("9C")]), (0, [parse_card("9H")]), (0, [])]
    view = ordering.View(piles, waste_top=None, removes_runs=False, top_rank=13)
    score = {name: ordering.move_score(view, move) for name, move in {
        "home": Move("t0", "f0"), "turn, in suit": Move("t0", "t1"), "turn": Move("t0", "t2"),
        "plain": Move("t1", "t2"), "to empty": Move("t1", "t3"), "stock": Move("stock", "tableau")}.items()}
    assert score["home"] > score["turn, in suit"] > score["turn"] > score["plain"] > score["to empty"] > score["stock"]


def test_a_move_that_finishes_a_run_comes_before_everything_where_runs_leave_the_table():
    from wispwidget import Move, parse_card

    run = [parse_card(rank + "S") for rank in "KQJT98765432"]
    piles = [(0, run), (3, [parse_card("AS")]), (0, [parse_card("2H")])]
    finish, home = Move("t1", "t0"), Move("t1", "f0")
    spider = ordering.View(piles, waste_top=None, removes_runs=True, top_rank=13)
    assert ordering.move_score(spider, finish) > ordering.move_score(spider, home) > ordering.move_score(
        spider, Move("t1", "t2"))
    assert ordering.move_score(spider._replace(removes_runs=False), finish) < ordering.move_score(spider, home)
