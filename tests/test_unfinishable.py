"""The Spider family's dead-position test: a suit that can never be finished makes a position lost."""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import pairwise

import pytest

from wispwidget import deal, solve
from wispwidget.cards import Deck, rank_of, suit_of
from wispwidget.games.catalogue import get_game
from wispwidget.games.soundness import spider_dead_test_is_sound
from wispwidget.games.spec import Movable
from wispwidget.search import native

from .helpers import random_positions

pytestmark = pytest.mark.skipif(native.load() is None, reason="no C compiler")


def _tight_wisp(**rules):
    """Mini Wisp with three suits and two face-down cards a pile: many of its positions are lost."""
    return replace(get_game("mini-wisp"), variant="tight", deck=Deck(suits="SHD", top_rank=5),
                   layout=((2, 1),) * 3, **rules)


SMALL_GAMES = [
    get_game("mini-wisp"),
    get_game("mini-wisp", "relaxed"),
    _tight_wisp(),
    _tight_wisp(movable=Movable.ANY_RUN),
    _tight_wisp(movable=Movable.SINGLE_CARD),
]


def _unfinishable_by_the_rule(start) -> bool:
    """docs/solver.md's rule written out plainly: every fact recomputed from the last pass's facts, until a
    pass changes nothing (the core updates in place, pile by pile from the top)."""
    spec = start.spec
    top = spec.deck.top_rank
    piles = [list(pile.down) + list(pile.up) for pile in start.tableau]
    face_down = [len(pile.down) for pile in start.tableau]
    stock = set(start.stock)
    suits = {suit_of(c) for cards in piles for c in cards} | {suit_of(c) for c in stock}
    cover = {c: cards[j + 1] if j + 1 < len(cards) else None for cards in piles for j, c in enumerate(cards)}
    face_up = {c: j >= face_down[p] for p, cards in enumerate(piles) for j, c in enumerate(cards)}
    on_successor = {c for cards in piles for below, c in pairwise(cards) if below == c + 4}

    def in_run(c, above):
        if spec.movable is Movable.SINGLE_CARD or rank_of(above) + 1 != rank_of(c):
            return False
        return spec.movable is Movable.ANY_RUN or suit_of(above) == suit_of(c)

    uncovered, base, moves, leaves, finished = set(stock), set(stock), set(), set(), set()
    empty = any(not cards for cards in piles)
    while True:
        ranks_up = {rank_of(c) for c in uncovered}
        new_uncovered = stock | {c for c in cover if cover[c] is None or cover[c] in leaves}
        new_base = new_uncovered | {c for c in cover if face_up[c] and cover[c] is not None
                                    and in_run(c, cover[c]) and cover[c] in base}
        new_moves = {c for c in base if empty or (rank_of(c) < top and rank_of(c) + 1 in ranks_up)}
        new_leaves = moves | {c for c in base if suit_of(c) in finished}
        new_empty = empty or any(cards and cards[0] in leaves for cards in piles)
        new_finished = {s for s in suits if all(
            rank_of(c) == top or c in stock or c in on_successor or (c in moves and c + 4 in uncovered)
            for c in list(cover) + list(stock) if suit_of(c) == s)}
        new = (uncovered | new_uncovered, base | new_base, moves | new_moves, leaves | new_leaves,
               empty or new_empty, finished | new_finished)
        if new == (uncovered, base, moves, leaves, empty, finished):
            return bool(suits - finished)
        uncovered, base, moves, leaves, empty, finished = new


@pytest.mark.parametrize("spec", SMALL_GAMES, ids=lambda s: f"{s.game}-{s.variant}-{s.movable.name}")
def test_unfinishable_flags_only_lost_positions(spec):
    """Every position the test prunes is lost by a plain exhaustive search, and it does fire."""
    flagged, lost = 0, 0
    for seed, start in random_positions(spec, 300, random.Random(11)):
        dead = native.native_hopeless(start)
        verdict = solve(start, engine="python", ordering=False).result
        assert not dead or verdict == "lost", (seed, verdict)
        flagged += dead
        lost += verdict == "lost"
    assert flagged >= 3 and lost > flagged  # it fires, and it is a test, not a verdict: some lost go unseen


def test_the_cores_test_follows_the_rule_as_written():
    """The core's in-place fixpoint finds what the plain rule finds: small games and real Wisp positions."""
    rng = random.Random(3)
    cases = [(spec, 120, 12) for spec in SMALL_GAMES]
    cases += [(get_game("will-o-the-wisp"), 40, 80), (get_game("will-o-the-wisp", "relaxed"), 40, 80),
              (get_game("spiderette"), 20, 80)]
    seen = set()
    for spec, count, most_moves in cases:
        for seed, start in random_positions(spec, count, rng, most_moves):
            dead = native.native_hopeless(start)
            assert dead == _unfinishable_by_the_rule(start), (spec.key, spec.variant, seed)
            seen.add(dead)
    assert seen == {True, False}


def test_it_makes_a_lost_proof_small():
    """Will o' the Wisp deal 446 is lost: a complete depth-first search proves it in a few hundred positions
    with the test, and needs over a hundred thousand without it (``dominance=False`` switches it off)."""
    start = deal("will-o-the-wisp", 446).position()
    dfs = native.Strategy(algorithm="dfs")
    with_test = solve(start, max_positions=1_000_000, strategy=dfs)
    without = solve(start, max_positions=1_000_000, strategy=dfs, dominance=False)
    assert with_test.result == without.result == "lost"
    assert with_test.positions < 1_000 < 100_000 < without.positions


def test_it_applies_only_where_its_argument_holds():
    assert spider_dead_test_is_sound(get_game("will-o-the-wisp"))
    assert spider_dead_test_is_sound(get_game("spiderette"))
    assert not spider_dead_test_is_sound(get_game("black-widow"))  # two decks: successors not unique
    assert not spider_dead_test_is_sound(get_game("spider"))
    assert not spider_dead_test_is_sound(get_game("waxing-moon"))
