"""Words people read: every move kind of every catalogue game, game names, plurals and refusals."""

from __future__ import annotations

import re

import pytest

from wispwidget import Game, IllegalMoveError, Move
from wispwidget.api import deal as ww_deal
from wispwidget.api import new_game
from wispwidget.games.catalogue import CATALOGUE, get_game
from wispwidget.io.words import (
    advice,
    card_words,
    game_label,
    menu_label,
    move_phrase,
    move_words,
    pile_words,
    plural,
    refusal,
    short_suits,
)

ENGINE_ID = re.compile(r"\b[tf]\d+\b|\b[A2-9TJQK][CDHS]\b")


def test_cards_piles_and_plurals():
    assert card_words("7S") == "7♠" and card_words("TH") == "10♥" and card_words("AC") == "A♣"
    assert card_words("KD") == "K♦"
    assert pile_words("t0") == "pile 1" and pile_words("t11") == "pile 12" and pile_words("f0") == "foundation 1"
    assert pile_words("waste") == "the waste" and pile_words("stock") == "the stock"
    assert plural(1, "move") == "1 move" and plural(2, "move") == "2 moves" and plural(0, "move") == "0 moves"
    assert plural(100_000, "position") == "100,000 positions"


def test_exact_game_names_with_the_variant_once():
    labels = {key: game_label(spec) for key, spec in CATALOGUE.items()}
    assert labels["will-o-the-wisp/standard"] == "Will o' the Wisp"
    assert labels["will-o-the-wisp/relaxed"] == "Will o' the Wisp (Relaxed)"
    assert labels["spider/two-suits"] == "Spider (two suits)"
    assert labels["black-widow/standard"] == "Black Widow"
    assert len(set(labels.values())) == len(labels)  # every game and variant said differently
    for spec in CATALOGUE.values():
        assert labels[spec.key].startswith(spec.name.split(" (")[0])
    from wispwidget.studies.variant_study import make_variant
    from wispwidget.studies.variant_study import menu_label as lab_menu_label

    lab = make_variant("will-o-the-wisp", build="same-suit")
    assert game_label(lab) == lab.name == "Will o' the Wisp: builds in suit"  # not "(Lab 1a2b3c4d)"
    # in the game menu, which cuts long names short, what differs comes first, a few words each
    assert lab_menu_label(lab) == "in suit — Will o' the Wisp"
    three = make_variant("will-o-the-wisp", movable="any-run", empty_pile="top-rank-only",
                         deal_needs_no_empty_pile=False)
    assert lab_menu_label(three) == "any run moves · empty: K only · deals on empty — Will o' the Wisp"
    assert lab_menu_label(make_variant("mini-wisp", empty_pile="top-rank-only")) == "empty: 6 only — Mini Wisp (A-6 ♠♥)"
    assert lab_menu_label(get_game("will-o-the-wisp", "relaxed")) == "Will o' the Wisp (Relaxed)"
    named = make_variant("will-o-the-wisp", build="same-suit", name="Suited Wisp")
    assert lab_menu_label(named) == "Suited Wisp"  # a name of one's own is kept whole
    renamed = make_variant("will-o-the-wisp", build="same-suit", name="Will o' the Wisp: suited, for class 3B")
    assert lab_menu_label(renamed) == "Will o' the Wisp: suited, for class 3B"  # not make_variant's name
    # suits as symbols, so that a small deck's name fits the menu (14em: about 27 characters)
    assert menu_label(get_game("mini-wisp", "standard")) == "Mini Wisp (A-6 ♠♥)"
    assert menu_label(get_game("mini-widow", "standard")) == "Mini Widow (A-5 ♠♥, twice)"
    assert short_suits("A-9 of clubs, diamonds and hearts") == "A-9 ♣♦♥"
    assert max(len(menu_label(spec)) for spec in CATALOGUE.values()) <= 27


def test_named_move_kinds():
    game = Game.new("will-o-the-wisp", seed=7)
    assert move_words(Move("stock", "tableau")) == "Deal"
    assert move_words(Move("stock", "waste")) == "Draw"
    assert move_words(Move("t1", "t4")) == "A card from pile 2 to pile 5"
    assert move_words(Move("t1", "t4", 3)) == "3 cards from pile 2 to pile 5"
    top, below = game.up[1][-1], game.up[4][-1]
    assert move_words(Move("t1", "t4"), game) == f"{card_words(top)} from pile 2 onto {card_words(below)} on pile 5"
    assert move_words(Move("t1", "f0"), game) == f"{card_words(top)} to foundation 1"
    from .test_review import lost_game

    start, moves, k = lost_game(10)  # move k carries a run of three to an empty pile
    before = Game(start)
    for move in moves[:k]:
        before.play(move)
    run = before.up[0][-3:]
    assert move_words(moves[k], before) == (f"{card_words(run[0])}–{card_words(run[-1])} (3 cards) "
                                            "from pile 1 to the empty pile 2")


@pytest.mark.parametrize("key", sorted(CATALOGUE))
def test_every_legal_move_of_every_catalogue_game_in_words(key):
    spec = CATALOGUE[key]
    game = new_game(spec, 3).game
    kinds = set()
    for _ in range(60):
        moves = game.legal_moves()
        if not moves:
            break
        for move in moves:
            text = move_words(move, game)
            assert not ENGINE_ID.search(text), text  # no engine ids: piles from 1, suit symbols
            assert text[0].isupper() or text[0].isdigit(), text
            if move.source == "stock":
                assert text == ("Draw" if spec.has_waste else "Deal")
                kinds.add("stock")
            elif move.target[0] == "f":
                assert re.fullmatch(r"\S+ (from (the waste|foundation \d+) )?to foundation \d+", text), text
                kinds.add("foundation")
            else:
                assert re.search(r"from (pile \d+|the waste|foundation \d+) (to (the empty )?|onto \S+ on )pile \d+$",
                                 text), text
                kinds.add("tableau")
        game.play(max(moves, key=lambda m: (m.target[0] == "f", m.source != "stock")))
    assert "tableau" in kinds or "stock" in kinds


def test_refusals_are_one_plain_sentence_without_engine_ids():
    game = Game.new("will-o-the-wisp", seed=7)
    reasons = []
    for move in [Move("t0", "t0"), Move("t0", "t9"), Move("t0", "f0"), Move("waste", "t0"), Move("stock", "waste"),
                 Move("t0", "t1", 5)]:
        with pytest.raises(IllegalMoveError) as caught:
            game.play(move)
        reasons.append(refusal(str(caught.value)))
    for text in reasons:
        assert not ENGINE_ID.search(text), text
        assert text[0].isupper() and text.endswith(".") and text.count(". ") == 0, text
    assert refusal("t0 to t5: 9H does not go on 3C (it goes only on a 10)") == \
        "9♥ does not go on 3♣ (it goes only on a 10)."
    assert refusal("t0 to t9: there is no pile t9 (piles t0..t6)") == "There is no pile 10 (piles 1 to 7)."


def test_advice_says_a_deal_as_something_to_do_not_as_a_cards_name():
    game = new_game("will-o-the-wisp", seed=7).game
    deal = next(m for m in game.legal_moves() if m.source == "stock")
    assert advice(deal, game) == "deal now" and move_phrase(deal, game) == "a deal"  # not "Play Deal"
    card = next(m for m in game.legal_moves() if m.source != "stock")
    assert advice(card, game) == f"play {move_words(card, game)}" and move_phrase(card, game) == move_words(card, game)
    from wispwidget.search.hints import Hinter

    hinter = Hinter()
    hinter.remember(game, [deal])  # a winning line that starts with a deal (as far as the hinter knows)
    assert hinter.hint(game).message == "Deal now: it starts a winning line."
    # asked twice in one position, the hint says the same (the second said "it stays on a winning line")
    fresh = Hinter()
    first = fresh.hint(game)
    assert fresh.hint(game).message == first.message


def test_the_text_rendering_counts_deals_in_words():
    from wispwidget.io.text import render

    assert "(1 deal left)" in render(ww_deal("micro-wisp", 1).position())  # it said "(1 deals left)"
    assert "(5 deals left)" in render(ww_deal("will-o-the-wisp", 1).position())


def test_advice_says_drag_where_a_click_on_the_card_would_not_make_the_move():
    """A hint named "Play Q♥ from pile 1 to the empty pile 2"; a click on Q♥ was refused (a click never moves a
    whole pile to an empty one) and the hint repeated it. Advice now says "drag" wherever a click would not play
    the move named: it goes elsewhere, or nowhere."""
    import random

    from wispwidget.errors import WispError

    kinds = set()
    for seed in range(1, 12):
        game = new_game("will-o-the-wisp", seed=seed).game
        rng = random.Random(seed)
        for _ in range(40):
            legal = game.legal_moves()
            if not legal:
                break
            for move in legal:
                if move.source == "stock":
                    continue
                try:
                    clicked = game.click_destination(move.source, move.count)
                except WispError:
                    clicked = None
                verb = advice(move, game).split()[0]
                assert verb == ("play" if clicked == move else "drag"), (seed, move, clicked)
                whole = move.count == len(game.up[int(move.source[1:])]) and not game.down[int(move.source[1:])]
                target = int(move.target[1:])
                if whole and not game.up[target] and not game.down[target]:
                    assert verb == "drag"
                    kinds.add("whole pile to an empty one")
                kinds.add(verb)
            game.push(rng.choice(legal))
    assert kinds == {"play", "drag", "whole pile to an empty one"}
