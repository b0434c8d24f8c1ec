"""The solver against a plain exhaustive search, on every combination of the rule-variant lab's switches.

Mini-deck variants of every combination of movable x build x empty pile x stock waits for empty piles x stock
x foundations (and, for foundations built up in suit, cards coming back and Aces changing foundation), dozens
of deals each. No verdict of the solver may be wrong: a ``won`` line must replay and win with the engine, and
every ``lost`` must be confirmed by a breadth-first search written here over the engine's legal moves, with
no pruning at all. This is what checks that every pruning rule the solver applies
(``games/soundness.py``) holds for each combination the lab can produce.
"""

from __future__ import annotations

import itertools
from collections import deque

import pytest

from wispwidget.engine.dealing import deal_position
from wispwidget.engine.game import Game
from wispwidget.engine.position import Position
from wispwidget.games.soundness import Soundness
from wispwidget.search.solver import solve
from wispwidget.studies.variant_study import make_variant, solver_for

SWITCHES = {
    "movable": ("suited-run", "any-run", "single-card"),
    "build": ("any-suit", "same-suit"),
    "empty_pile": ("any", "top-rank-only"),
    "deal_needs_no_empty_pile": (True, False),
    "stock": ("deal-to-piles", "draw-to-waste"),
    "foundations": ("remove-runs", "build-up-in-suit"),
}
DECKS = {  # mini decks small enough for an exhaustive search of every deal
    "one-deck": dict(suits="SH", top_rank=4, copies=1, piles=3, face_down=1, face_up=1),
    "two-copies": dict(suits="SH", top_rank=2, copies=2, piles=3, face_down=0, face_up=1),
    "three-suits": dict(suits="SHD", top_rank=3, copies=1, piles=3, face_down=1, face_up=1),
}
DEALS = 36
STATE_LIMIT = 400_000  # the reference search refuses (fails) rather than guess


def combinations():
    names = list(SWITCHES)
    for values in itertools.product(*SWITCHES.values()):
        rules = dict(zip(names, values))
        extras = [{}]
        if rules["foundations"] == "build-up-in-suit":
            extras = [dict(foundation_to_tableau=a, ace_between_foundations=b) for a in (False, True)
                      for b in (False, True)]
        for extra in extras:
            yield {**rules, **extra}


def combination_id(rules) -> str:
    short = {True: "T", False: "F"}
    return "-".join(str(short.get(v, v)) for v in rules.values())


def exact_key(game: Game) -> tuple:
    """Every card where it lies (no pile sorting, no canonical form): equal keys, equal positions."""
    return (tuple(map(tuple, game.down)), tuple(map(tuple, game.up)), tuple(game.stock), tuple(game.waste),
            tuple(map(tuple, game.foundations)), tuple(sorted(game.finished)))


def exhaustive_winnable(position: Position) -> tuple[bool, int]:
    """Breadth-first over every legal move, every distinct position once: is a won position reachable?"""
    start = Game(position, validate=False)
    if start.is_won():
        return True, 1
    seen = {exact_key(start)}
    queue = deque([()])  # each entry: the moves from the start
    while queue:
        line = queue.popleft()
        game = Game(position, validate=False)
        for move in line:
            game.push(move)
        for move in game.legal_moves():
            game.push(move)
            key = exact_key(game)
            won = game.is_won()
            game.pop()
            if won:
                return True, len(seen)
            if key in seen:
                continue
            seen.add(key)
            queue.append((*line, move))
            assert len(seen) < STATE_LIMIT, "the reference search grew too large for this test"
    return False, len(seen)


def replays_to_a_win(position: Position, moves) -> bool:
    game = Game(position, validate=False)
    for move in moves:
        if game.why_illegal(move) is not None:
            return False
        game.play(move)
    return game.is_won()


CASES = [(deck, rules) for deck in DECKS for rules in combinations()]


@pytest.mark.parametrize(("deck", "rules"), CASES, ids=[f"{d}-{combination_id(r)}" for d, r in CASES])
def test_no_verdict_disagrees_with_an_exhaustive_search(deck, rules):
    spec = make_variant("mini-wisp", **DECKS[deck], **rules)
    choice = solver_for(spec)
    wrong = []
    for seed in range(1, DEALS + 1):
        position = deal_position(spec, seed)
        result = solve(position, 200_000, engine=choice.engine)
        assert result.result != "unknown", f"deal {seed} not settled at 200,000 positions"
        if result.result == "won" and not replays_to_a_win(position, result.moves):
            wrong.append((seed, "won", "the line does not replay to a win"))
        if result.result == "lost" and exhaustive_winnable(position)[0]:
            wrong.append((seed, "lost", "an exhaustive search wins it"))
    assert not wrong, f"{spec.key} {Soundness.of(spec)}: wrong verdicts: {wrong}"


def test_the_ace_rule_is_off_where_an_empty_pile_stops_the_draws(monkeypatch):
    """The combination that made ``ace_to_foundation_is_sound`` wrong: a waste, and no draw while a pile is
    empty. Here the Ace is alone in the only pile: sent up first, it stops the draws and the 2 never comes."""
    from wispwidget.cards import parse_card
    from wispwidget.engine.position import Pile
    from wispwidget.search import native

    spec = make_variant("mini-moon", suits="S", top_rank=2, copies=1, piles=1, face_down=0, face_up=1,
                        deal_needs_no_empty_pile=True)
    position = Position(spec, (Pile((), (parse_card("AS"),)),), stock=(parse_card("2S"),),
                        foundations=((),)).validate()
    assert exhaustive_winnable(position)[0] and not Soundness.of(spec).ace_to_foundation
    assert solve(position).result == "won"
    # With the rule on (the old predicate looked only at dealing stocks), the solver proves a winnable game lost.
    monkeypatch.setattr(native, "ace_to_foundation_is_sound", lambda _spec: True)
    assert solve(position).result == "lost"
    free = make_variant("mini-moon", deal_needs_no_empty_pile=False)
    assert Soundness.of(free).ace_to_foundation
