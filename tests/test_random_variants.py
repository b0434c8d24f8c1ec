"""The engine, the C core, the solver and line shortening on random legal variants (``tests/random_variants.py``).

Each test draws its variants from a fixed seed, so a failure names a variant that fails again: every deal is a
valid position (a finished run dealt on top has left), the core's legal moves, positions after a move and keys
are the engine's, no verdict disagrees with an exhaustive search, and no shortened winning line is refused.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wispwidget.cards import Deck, parse_card
from wispwidget.engine.dealing import deal_position
from wispwidget.engine.game import Game
from wispwidget.engine.position import Pile, Position
from wispwidget.games.soundness import draw_then_play_is_sound, worry_back_then_use_is_sound
from wispwidget.games.spec import Build, EmptyPile, Foundations, GameSpec, Movable, Stock
from wispwidget.io.game_format import game_from_dict, game_to_dict
from wispwidget.search import native
from wispwidget.search.lines import shorter_line
from wispwidget.search.solver import solve
from wispwidget.studies.variant_study import make_variant

from .random_variants import random_variant, random_variants
from .test_variants_differential import exhaustive_winnable, replays_to_a_win

needs_core = pytest.mark.skipif(native.load_test_hooks() is None, reason="no C compiler: no C core to compare")


def in_core(specs, count):
    """The first ``count`` of ``specs`` whose deals the C core takes."""
    taken = [spec for spec in specs if not native.refusal(deal_position(spec, 1))]
    assert len(taken) >= count, f"only {len(taken)} of {len(specs)} variants fit the C core"
    return taken[:count]


# -- 1. deals obey the rules ---------------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(variant=st.integers(0, 2**32), seed=st.integers(0, 2**64 - 1))
def test_every_deal_of_a_random_variant_is_a_valid_position(variant, seed):
    spec = random_variant(random.Random(variant))
    deal_position(spec, seed).validate()
    assert Game.new(spec, seed=seed).position() == deal_position(spec, seed)


def test_a_finished_run_dealt_on_top_leaves_and_the_deal_is_won():
    """The lab's two clicks: top rank 1, so every dealt card is a finished run; the deal is won at once."""
    spec = make_variant("mini-wisp", suits="SH", top_rank=1, piles=2, face_down=0, face_up=1)
    for seed in range(1, 6):
        position = deal_position(spec, seed).validate()
        assert position.is_won and sorted(position.finished) == [2, 3]
        assert solve(position).result == "won"


def test_a_dealt_run_leaves_before_the_card_under_it_turns():
    """Spades A-2 on one pile: a run dealt over a face-down card leaves, and that card turns up."""
    spec = make_variant("mini-wisp", suits="S", top_rank=2, copies=2, piles=1, face_down=1, face_up=2)
    for seed in range(20):
        position = deal_position(spec, seed).validate()
        pile = position.tableau[0]
        assert len(pile) + 2 * len(position.finished) == 3 and (pile.up or not pile.down)


# -- 2. the C core agrees with the engine --------------------------------------------------------------------


def walk(spec, seed, steps, rng):
    """The positions of a random play-out of deal ``seed``, with the legal moves of each."""
    game = Game.new(spec, seed=seed)
    for _ in range(steps):
        moves = game.legal_moves()
        yield game, moves
        if not moves:
            return
        game.push(rng.choice(moves))


@needs_core
def test_the_core_plays_300_random_variants_as_the_engine_does():
    rng = random.Random(67)
    checked = 0
    for spec in in_core(random_variants(420, seed=67), 300):
        for seed in (1, 2):  # keys compare positions of one deal: the engine's holds the stock's size only
            engine_keys: dict[tuple, tuple] = {}
            core_keys: dict[tuple, tuple] = {}
            alike_tops: dict[tuple, list] = {}  # positions the search takes for one hold the same foundation tops
            for game, moves in walk(spec, seed, 25, rng):
                position = game.position()
                assert sorted(native.native_legal_moves(position)) == sorted(moves), spec
                codes = {native.decode_move(c): c for c in native.native_move_codes(position)}
                for move in moves:
                    game.push(move)
                    after = native.encode_position(game.position())
                    game.pop()
                    assert native.native_apply(position, codes[move]) == after, (spec, move)
                # Within one search the stream (waste, then stock) is fixed, and the key holds only where the
                # stock has reached and which waste cards are left; a position read afresh starts a new stream.
                stream = (position.waste, position.stock)
                key, core = game.key(), (native.native_key(position), stream)
                assert engine_keys.setdefault(key, core) == core, spec  # one position, one key
                assert core_keys.setdefault(core, key) == key, spec  # one key, one position
                tops = sorted(key[-1])
                assert alike_tops.setdefault((native.native_key(position, alike=True), stream), tops) == tops, spec
                checked += 1
    assert checked > 3000


@needs_core
def test_a_position_with_its_foundations_swapped_has_another_key():
    """Which foundation holds which suit decides where the next card goes: the pile-for-pile key (the one a
    shortened line's splice is checked against) must tell them apart, in a game dealing to the piles too."""
    card = parse_card
    spec = make_variant("mini-moon", suits="SH", top_rank=3, copies=1, piles=2, face_down=0, face_up=1,
                        stock="deal-to-piles")
    table = (Pile((), (card("3S"),)), Pile((), (card("3H"), card("2H"))))
    spades, hearts = (card("AS"), card("2S")), (card("AH"),)
    one = Position(spec, table, foundations=(spades, hearts)).validate()
    other = Position(spec, table, foundations=(hearts, spades)).validate()
    assert native.native_key(one) != native.native_key(other)
    assert native.native_key(one, alike=True) == native.native_key(other, alike=True)  # alike: one position


# -- 3. verdicts against an exhaustive search -----------------------------------------------------------------


def test_no_verdict_on_1000_tiny_random_deals_disagrees_with_an_exhaustive_search():
    wrong, deals, settled = [], 0, 0
    for spec in random_variants(250, seed=1067, max_cards=8, max_piles=4):
        for seed in range(1, 5):
            position = deal_position(spec, seed)
            result = solve(position, 50_000)
            deals += 1
            if result.result == "unknown":
                continue
            settled += 1
            if result.result == "won" and not replays_to_a_win(position, result.moves):
                wrong.append((game_to_dict(spec), seed, "the won line does not replay to a win"))
            if result.result == "lost" and exhaustive_winnable(position)[0]:
                wrong.append((game_to_dict(spec), seed, "lost, but an exhaustive search wins it"))
    assert deals >= 1000 and settled >= 0.95 * deals, (deals, settled)
    assert not wrong, wrong[:3]


# -- 4. shortened lines -----------------------------------------------------------------------------------------


def test_1000_shortened_winning_lines_of_random_variants_all_replay():
    refused, won = [], 0
    rng = random.Random(2067)
    while won < 1000:
        spec = random_variant(rng, max_cards=20, max_piles=5)
        position = deal_position(spec, rng.randrange(1000))
        result = solve(position, 20_000)
        if result.result != "won" or not result.moves:
            continue
        won += 1
        line = shorter_line(position, result.moves)
        if not replays_to_a_win(position, line):
            refused.append((game_to_dict(spec), position, len(result.moves)))
    assert not refused, refused[:2]


def test_the_random_generator_reaches_every_field():
    """The generator covers what wisp-game/1 can say: each value of each rule, each deck extreme."""
    specs = random_variants(2000, seed=5)
    seen = {name: {getattr(s, name) for s in specs} for name in (
        "build", "movable", "empty_pile", "stock", "foundations", "deal_needs_no_empty_pile",
        "foundation_to_tableau", "ace_between_foundations")}
    assert seen["build"] == set(Build) and seen["movable"] == set(Movable)
    assert seen["empty_pile"] == set(EmptyPile) and seen["stock"] == set(Stock)
    assert seen["foundations"] == set(Foundations)
    assert all(seen[flag] == {True, False} for flag in (
        "deal_needs_no_empty_pile", "foundation_to_tableau", "ace_between_foundations"))
    assert {s.deck.top_rank for s in specs} == set(range(1, 14))
    assert {1, 8} <= {s.deck.copies for s in specs}
    assert any((0, 0) in s.layout for s in specs) and any(len(set(s.layout)) > 1 for s in specs)
    building = [s for s in specs if s.foundations is Foundations.BUILD_UP_IN_SUIT]
    aces = [len(s.deck.suits) * s.deck.copies for s in building]
    assert any(s.foundation_piles < a for s, a in zip(building, aces))
    assert any(s.foundation_piles > a for s, a in zip(building, aces))
    assert all(game_from_dict(game_to_dict(s)) == s for s in specs[:50])
    assert isinstance(specs[0].deck, Deck) and isinstance(specs[0], GameSpec)


@pytest.mark.parametrize("rule", [draw_then_play_is_sound, worry_back_then_use_is_sound])
def test_a_partial_order_rule_loses_no_win_on_400_small_deals(rule):
    """``draw_then_play_is_sound``, ``worry_back_then_use_is_sound``: on small random variants where the rule
    holds, from deals and from positions a few moves in, the core with every pruning and the core with none (an
    exhaustive search over every legal move) agree on every deal both settle, and every won line replays."""
    lib = native.load()
    wrong, lost, compared = [], 0, 0
    rng = random.Random(4111)
    while compared < 400:
        spec = random_variant(rng, max_cards=16, max_piles=4)
        if not rule(spec):
            continue
        game = Game(deal_position(spec, rng.randrange(1000)))
        for _ in range(rng.randrange(4)):  # half-way positions too: the root's own waste top was drawn before it
            moves = game.legal_moves()
            if not moves or game.is_won():
                break
            game.push(next((m for m in moves if m.source == "stock"), rng.choice(moves)))
        position = game.position()
        if not position.stock or game.is_won() or native.refusal(position):
            continue
        reduced = native.core_solve(lib, position, 200_000)
        plain = native.core_solve(lib, position, 2_000_000, transpositions=True, ordering=False, dominance=False)
        if "unknown" in (reduced.result, plain.result):
            continue
        compared += 1
        lost += reduced.result == "lost"
        if reduced.result != plain.result:
            wrong.append((game_to_dict(spec), position, reduced.result, plain.result))
        if reduced.result == "won" and not replays_to_a_win(position, reduced.moves):
            wrong.append((game_to_dict(spec), position, "the won line does not replay to a win"))
    assert not wrong, wrong[:2]
    assert lost >= 40, lost  # proofs of loss are what the rule could get wrong
