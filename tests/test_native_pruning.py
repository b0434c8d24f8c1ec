"""The C core's pruning rules against their Python statement (search/problem.py), on random positions.

``SearchProblem.successors`` states each sound pruning rule of docs/solver.md once in Python, reading
``games/soundness.py`` for where it holds; the C core has its own copy for speed (``gen_moves`` in rules.c).
On random play-outs of every catalogue game they must keep exactly the same moves.
"""

from __future__ import annotations

import random

import pytest

from wispwidget import CATALOGUE, Game
from wispwidget.search import native
from wispwidget.search.problem import SearchProblem

from .helpers import random_positions

pytestmark = pytest.mark.skipif(native.load_test_hooks() is None, reason="no C compiler: no test build of the core")


@pytest.mark.parametrize("key", sorted(CATALOGUE))
def test_the_core_explores_exactly_the_moves_the_python_statement_keeps(key):
    spec = CATALOGUE[key]
    checked = 0
    for _, position in random_positions(spec, 40, random.Random(key), most_moves=40):
        game = Game(position, validate=False)
        kept, pruned = SearchProblem(position).successors(game)
        assert sorted(native.native_explored_moves(position)) == sorted(kept), (key, pruned)
        checked += 1
    assert checked == 40


def test_a_rule_the_python_statement_drops_is_a_rule_the_core_still_applies():
    position = next(p for _, p in random_positions(CATALOGUE["waxing-moon/standard"], 40, random.Random(3),
                                                   most_moves=40)
                    if SearchProblem(p).successors(Game(p, validate=False))[1])
    game = Game(position, validate=False)
    fewer_rules = SearchProblem(position, pruning=frozenset())
    assert sorted(native.native_explored_moves(position)) != sorted(fewer_rules.successors(game)[0])
