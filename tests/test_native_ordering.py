"""The C core's move ordering against its Python statement (search/ordering.py), on play-outs of every game.

``move_score`` states the ordering once in Python (the teaching search, the Python solver and the honest
players use it); the C core has its own copy for speed (``score_t2t`` and ``gen_moves`` in rules.c). With the
core's noise off, the two must give every move the search explores the same score, so they try moves in the
same order (up to ties).
"""

from __future__ import annotations

import random

import pytest

from wispwidget import CATALOGUE, Game
from wispwidget.search import native, ordering
from wispwidget.search.ordering import move_score, ordered, view_of

pytestmark = pytest.mark.skipif(native.load_test_hooks() is None, reason="no C compiler: no test build of the core")

SCORE_TERMS = [name for name in dir(ordering) if name.isupper() and isinstance(getattr(ordering, name), int)]


def playout_positions(spec, deals: int, rng: random.Random, moves: int = 120):
    """Positions along play-outs that mostly take the best-scored move (so runs get built and finished) and
    sometimes a random one."""
    for seed in range(1, deals + 1):
        game = Game.new(spec, seed=seed)
        for _ in range(moves):
            legal = game.legal_moves()
            if not legal:
                break
            yield game.position()
            best = ordered(view_of(game), legal)
            game.push(rng.choice(legal) if rng.random() < 0.3 else best[rng.randrange(min(2, len(best)))])


def disagreements(spec, deals: int = 6):
    """(position, move, C score, Python score) wherever the two differ."""
    for position in playout_positions(spec, deals, random.Random(spec.key)):
        view = view_of(Game(position, validate=False))
        for move, score in native.native_move_scores(position).items():
            if move_score(view, move) != score:
                yield position, move, score, move_score(view, move)


@pytest.mark.parametrize("key", sorted(CATALOGUE))
def test_the_core_scores_every_explored_move_as_the_python_statement_does(key):
    found = next(disagreements(CATALOGUE[key]), None)
    assert found is None, f"{key}: {found[1]} scored {found[2]} by the core, {found[3]} by ordering.py"


def test_the_playouts_reach_every_kind_of_move_the_score_knows():
    seen = set()
    for spec in CATALOGUE.values():
        for position in playout_positions(spec, 2, random.Random(spec.key)):
            seen.update(move.source[0] + move.target[0] for move in native.native_move_scores(position))
    assert {"tt", "tf", "wt", "wf", "ft", "st", "sw"} <= seen


@pytest.mark.parametrize("term", SCORE_TERMS)
def test_a_changed_term_of_the_statement_is_caught(term, monkeypatch):
    """Every term of the score is exercised: moving any one of them by one makes some game disagree."""
    monkeypatch.setattr(ordering, term, getattr(ordering, term) + 1)
    assert any(next(disagreements(spec, deals=3), None) for spec in CATALOGUE.values()), term
