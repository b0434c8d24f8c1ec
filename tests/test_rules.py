"""One test (or more) per rule of rules.md, on hand-made positions."""

from __future__ import annotations

import itertools

import pytest

from wispwidget import DEAL, DRAW, Game, IllegalMoveError, Move, NoDestinationError, NothingToUndoError
from wispwidget.cards import SUIT_CHARS, SUIT_NAMES, card_str
from wispwidget.engine.dealing import deal_position
from wispwidget.games.catalogue import get_game
from wispwidget.games.spec import Build

from .helpers import cards, game, suit_run


def tops(g: Game) -> list[str | None]:
    return [card_str(u[-1]) if u else None for u in g.up]


# -- Will o' the Wisp ------------------------------------------------------------------


def test_wisp_first_deal_layout():
    g = Game.new("will-o-the-wisp", seed=5)
    assert [len(d) for d in g.down] == [2] * 7
    assert [len(u) for u in g.up] == [1] * 7
    assert len(g.stock) == 31


def test_wisp_build_any_suit_but_not_king_on_ace():
    g = game("will-o-the-wisp", piles=["5C | 8C", "| 7H", "| AS", "| KD", "| 2C", "| 3C", "| 4C"])
    assert g.why_illegal(Move("t1", "t0")) is None  # 7H on 8C: any suit
    assert "does not go on" in g.why_illegal(Move("t3", "t2"))  # King never on an Ace
    assert "does not go on" in g.why_illegal(Move("t4", "t0"))  # 2C on 8C: wrong rank


def test_wisp_standard_moves_only_suited_runs():
    g = game("will-o-the-wisp", piles=["2C | 9D 8H 7H", "| 9S", "| TC", "| 3C", "| 4C", "| 5C", "| 6C"])
    legal = g.legal_moves()
    assert Move("t0", "t1", 2) in legal  # 8H 7H is a run in suit: it moves onto 9S
    reason = g.why_illegal(Move("t0", "t2", 3))  # 9D 8H 7H is a run but not in suit
    assert reason is not None and "not a run in one suit" in reason


def test_wisp_relaxed_moves_any_run():
    g = game("will-o-the-wisp", "relaxed", piles=["2C | 9D 8H 7H", "| 9S", "| TC", "| 3C", "| 4C", "| 5C", "| 6C"])
    assert Move("t0", "t2", 3) in g.legal_moves()
    g.play(Move("t0", "t2", 3))
    assert [card_str(c) for c in g.up[2]] == ["TC", "9D", "8H", "7H"]
    assert g.up[0] == [cards("2C")[0]]  # turned up


def test_wisp_standard_top_card_always_moves():
    g = game("will-o-the-wisp", piles=["2C | 9D 5H", "| 6S", "| TC", "| 3C", "| 4C", "| KC", "| 7C"])
    assert Move("t0", "t1") in g.legal_moves()


def test_empty_pile_takes_any_card_or_movable_run():
    g = game("will-o-the-wisp", piles=["| 9H 8H 7H", "", "| TC", "| 3C", "| 4C", "| 5C", "| 6C"])
    legal = g.legal_moves()
    for count in (1, 2, 3):
        assert Move("t0", "t1", count) in legal
    assert Move("t3", "t1") in legal


def test_face_down_card_is_turned_after_a_move():
    g = game("will-o-the-wisp", piles=["4D 9S | 3H", "| 4C", "| TC", "| 3C", "| 5H", "| 5C", "| 6C"])
    g.play(Move("t0", "t1"))
    assert tops(g)[0] == "9S" and g.down[0] == list(cards("4D"))
    g.undo()
    assert tops(g)[0] == "3H" and g.down[0] == list(cards("4D 9S"))


def test_deal_puts_one_card_on_each_pile_in_order():
    g = game("will-o-the-wisp", piles=["| 9H", "| TC", "| 3C", "| 4C", "| 5C", "| 6C", "| 7C"],
             stock="2H 2S 2D 2C 3D 3S 3H", rest="stock")
    g.play(DEAL)
    assert tops(g) == ["2H", "2S", "2D", "2C", "3D", "3S", "3H"]


def test_wisp_last_deal_of_three_goes_on_piles_0_to_2():
    g = Game.new("will-o-the-wisp", seed=3)
    for _ in range(4):
        g.play(DEAL)
        assert all(g.up)  # nothing can be empty: no card moved
    assert len(g.stock) == 3
    before = [len(u) for u in g.up]
    g.play(DEAL)
    after = [len(u) for u in g.up]
    assert [a - b for a, b in zip(after, before)] == [1, 1, 1, 0, 0, 0, 0]
    assert not g.stock
    assert DEAL not in g.legal_moves()


def test_no_deal_while_a_pile_is_empty():
    g = game("will-o-the-wisp", piles=["| 9H", "", "| 3C", "| 4C", "| 5C", "| 6C", "| 7C"], rest="stock")
    assert DEAL not in g.legal_moves()
    with pytest.raises(IllegalMoveError, match="pile is empty"):
        g.play(DEAL)
    with pytest.raises(NoDestinationError, match="pile is empty"):
        g.click_destination("stock")


def test_finished_run_leaves_after_a_move_and_card_below_turns():
    run = suit_run("S", 13, 2)
    g = game("will-o-the-wisp", piles=[f"4D | {run}", "| AS", "| 3C", "| 4C", "| 5C", "| 6C", "| 7C"])
    g.play(Move("t1", "t0"))
    assert g.finished == [3]  # spades
    assert tops(g)[0] == "4D"  # turned after the run left
    assert g.up[1] == [] and g.down[1] == []
    g.undo()
    assert g.finished == [] and len(g.up[0]) == 12 and g.down[0] == list(cards("4D"))


def test_a_deal_can_finish_several_runs_listed_in_pile_order():
    spades, hearts = suit_run("S", 13, 2), suit_run("H", 13, 2)
    g = game("will-o-the-wisp", piles=[f"| {hearts}", f"3C | {spades}", "| 5C", "| 6C", "| 7C", "| 8C", "| 9C"],
             stock="AH AS 2D 3D 4D 5D 6D", rest="down:2")
    g.play(DEAL)
    assert [["C", "D", "H", "S"][s] for s in g.finished] == ["H", "S"]
    assert not g.up[0]  # pile 0 had nothing under its run: it is empty
    assert tops(g)[1] == "3C"  # the card under the run turned after it left
    g.undo()
    assert g.finished == [] and len(g.stock) == 7 + 0 and tops(g)[0] == "2H"


def test_won_when_all_runs_have_left_and_no_move_after():
    g = game("will-o-the-wisp", piles=[f"| {suit_run('S', 13, 2)}", "| AS"], finished="C D H")
    assert not g.is_won()
    g.play(Move("t1", "t0"))
    assert g.is_won()
    assert g.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="already won"):
        g.play(Move("t0", "t1"))


# -- Black Widow ------------------------------------------------------------------------


def test_black_widow_layout():
    g = Game.new("black-widow", seed=9)
    assert [len(d) for d in g.down] == [5] * 4 + [4] * 6
    assert len(g.stock) == 50 and sum(map(len, g.up)) == 10


def test_black_widow_mixed_run_moves_but_does_not_leave():
    mixed = "KS QH JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
    g = game("black-widow", piles=[f"5C | {mixed}", "| AS", "| 3C", "| 4C", "| 5C", "| 6C", "| 7C", "| 8C",
                                   "| 9C", "| TC"], rest="down:0")
    g.play(Move("t1", "t0"))
    assert g.finished == [] and len(g.up[0]) == 13  # a mixed run of thirteen stays
    assert Move("t0", "t1", 13) in g.legal_moves()  # and moves as one: t1 is now empty


def test_black_widow_five_deals_of_ten():
    g = Game.new("black-widow", seed=2)
    for _ in range(5):
        g.play(DEAL)
    assert not g.stock and sum(map(len, g.up)) == 60


# -- Waxing Moon --------------------------------------------------------------------------


def moon(**kwargs) -> Game:
    return game("waxing-moon", rest="stock", **kwargs)


def test_waxing_moon_layout_all_face_up():
    g = Game.new("waxing-moon", seed=4)
    assert all(not d for d in g.down) and [len(u) for u in g.up] == [4] * 12
    assert len(g.stock) == 56 and g.foundations == [[] for _ in range(8)] and not g.waste


def test_waxing_moon_builds_down_in_suit_one_card_at_a_time():
    g = moon(piles=["| 9H 8H", "| 9C", "| 9D"])
    assert g.why_illegal(Move("t0", "t2")) is not None  # 8H on 9D: wrong suit
    assert "only one card moves" in g.why_illegal(Move("t0", "t1", 2))
    g2 = moon(piles=["| 2S 8H", "| 9H", "| 9D"])
    assert Move("t0", "t1") in g2.legal_moves()


def test_waxing_moon_only_a_king_fills_an_empty_pile():
    g = moon(piles=["| 2S QH", "", "| 3S KD"])
    assert "only a King" in g.why_illegal(Move("t0", "t1"))
    assert Move("t2", "t1") in g.legal_moves()


def test_waxing_moon_draw_single_pass_and_waste_moves():
    g = moon(piles=["| 2S 3H"], stock="AH 4H")
    g.play(DRAW)
    assert [card_str(c) for c in g.waste] == ["AH"]
    assert Move("waste", "f0") in g.legal_moves()
    g.play(Move("waste", "f3"))
    assert [card_str(c) for c in g.foundations[3]] == ["AH"]
    while g.stock:
        g.play(DRAW)
    assert DRAW not in g.legal_moves()  # no redeal
    with pytest.raises(IllegalMoveError, match="stock is empty"):
        g.play(DRAW)


def test_waxing_moon_foundation_up_in_suit_and_back_to_tableau():
    g = moon(piles=["| 5S 3H", "| 4H", "| 9C"], foundations=["AH 2H"])
    assert Move("t0", "f0") in g.legal_moves()
    g.play(Move("t0", "f0"))
    assert "does not go on" in g.why_illegal(Move("t2", "f0"))
    assert "only an Ace starts" in g.why_illegal(Move("t2", "f1"))
    # the top of a foundation comes back onto a pile that accepts it
    assert Move("f0", "t1") in g.legal_moves()
    g.play(Move("f0", "t1"))  # 3H on 4H
    assert [card_str(c) for c in g.up[1]] == ["4H", "3H"]


def test_waxing_moon_ace_alone_moves_between_foundations():
    g = moon(piles=["| 5S"], foundations=["AH", "AS 2S"])
    legal = g.legal_moves()
    assert Move("f0", "f2") in legal
    assert Move("f1", "f2") not in legal  # not alone
    assert "empty foundation" in g.why_illegal(Move("f0", "f1"))


def test_waxing_moon_king_from_waste_or_foundation_to_empty_pile():
    clubs_up = " ".join(reversed(suit_run("C").split()))  # AC 2C ... KC
    g = moon(piles=["| 5S", ""], waste="KH", foundations=[clubs_up])
    legal = g.legal_moves()
    assert Move("waste", "t1") in legal
    assert Move("f0", "t1") in legal


# -- playing by click -------------------------------------------------------------------


def test_click_prefers_same_suit_then_any_suit_then_first_empty():
    g = game("will-o-the-wisp", piles=["| 9D", "| 8H", "| 9C", "| 9H", "", "| 2C", ""], rest="down:5")
    assert g.click_destination("t1") == Move("t1", "t3")  # 9H: same suit
    g2 = game("will-o-the-wisp", piles=["| 9D", "| 8H", "| 9C", "| 2H", "", "| 3C", ""], rest="down:5")
    assert g2.click_destination("t1") == Move("t1", "t0")  # leftmost any-suit
    g3 = game("will-o-the-wisp", piles=["| 3D", "4S | 8H", "| 5C", "| 2H", "", "| 3C", ""], rest="down:5")
    assert g3.click_destination("t1") == Move("t1", "t4")  # first empty pile


def test_click_moves_the_run_above_the_card():
    g = game("will-o-the-wisp", piles=["| 2D 9H 8H", "| TH", "| 9C", "| 3H", "| 4C", "| 5C", "| 6C"], rest="down:2")
    assert g.click_destination("t0", 2) == Move("t0", "t1", 2)
    with pytest.raises(NoDestinationError, match="not a run"):
        g.click_destination("t0", 3)


def test_click_with_no_destination_says_why_and_changes_nothing():
    g = game("will-o-the-wisp", piles=["| 5D", "| 8H", "| 9C", "| 2H", "| 4C", "| 3C", "| 6C"], rest="down:2")
    before = g.position()
    with pytest.raises(NoDestinationError, match="nowhere to go"):
        g.click_destination("t2")
    assert g.position() == before


def test_click_never_just_relabels_a_whole_pile():
    g = game("will-o-the-wisp", piles=["| KD", "", "| 9C", "| 2H", "| 4C", "| 3C", "| 6C"], rest="down:2")
    # a player following a hint to the empty pile by clicking is told why, and how (it read "nowhere to go")
    with pytest.raises(NoDestinationError, match=r"^KD goes only to an empty pile, and a click never moves a whole "
                                                 "pile there: drag it"):
        g.click_destination("t0")
    assert g.why_illegal(Move("t0", "t1")) is None  # the move itself is legal: a drag plays it


def test_click_waxing_moon_foundation_first_leftmost():
    g = moon(piles=["| 5S AH", "| 2H", "", "| 2C"], foundations=["", "AS"])
    assert g.click_destination("t0") == Move("t0", "f0")
    g.play(g.click_destination("t0"))
    assert g.click_destination("t1") == Move("t1", "f0")


def test_click_stock_deals_or_draws():
    assert Game.new("will-o-the-wisp", seed=1).click_destination("stock") == DEAL
    assert Game.new("waxing-moon", seed=1).click_destination("stock") == DRAW


# -- play, undo, redo -------------------------------------------------------------------


def test_illegal_move_raises_and_leaves_game_untouched():
    g = Game.new("will-o-the-wisp", seed=11)
    before = g.position()
    bad = [Move("t0", "t0"), Move("t9", "t1"), Move("t0", "f0"), Move("waste", "t1"), Move("t0", "t1", 5),
           Move("x", "t1"), Move("t0", "t1", 0), Move("stock", "waste"), Move("t0", "stock")]
    for move in bad:
        with pytest.raises(IllegalMoveError):
            g.play(move)
        assert g.position() == before


def test_undo_redo_and_their_errors():
    g = Game.new("will-o-the-wisp", seed=11)
    with pytest.raises(NothingToUndoError):
        g.undo()
    with pytest.raises(NothingToUndoError):
        g.redo()
    start = g.position()
    g.play(DEAL)
    after = g.position()
    assert g.undo() == DEAL and g.position() == start
    assert g.redo() == DEAL and g.position() == after
    g.undo()
    g.play(g.legal_moves()[0])
    assert not g.can_redo  # a new move clears the redo stack


@pytest.mark.parametrize("rules", [("will-o-the-wisp", "standard"), ("waxing-moon", "standard"),
                                   ("spider", "one-suit"), ("mini-wisp", "standard")])
def test_a_card_refused_on_a_pile_is_told_where_it_does_go(rules):
    """"9H does not go on 3C (it goes only on a 10)" names the rank one higher (and its suit where the build asks
    for the suit); a top-rank card goes on no card."""
    from wispwidget.engine.game import RANK_WORDS

    spec = get_game(*rules)
    said = 0
    for seed in range(1, 6):
        g = Game(deal_position(spec, seed))
        for s, d in itertools.permutations(range(len(g.up)), 2):
            reason = g.why_illegal(Move(f"t{s}", f"t{d}")) or ""
            if "does not go on" not in reason or not g.up[s] or not g.up[d]:
                continue
            card = g.up[s][-1]
            rank, suit = (card >> 2) + 1, SUIT_NAMES[SUIT_CHARS[card & 3]]
            if rank > spec.deck.top_rank:
                assert reason.endswith("goes on no card)"), reason
                continue
            word = RANK_WORDS.get(rank, str(rank))
            where = f" of {suit}" if spec.build is Build.SAME_SUIT else ""
            assert reason.endswith(f"(it goes only on {'an' if word[0] in 'A8' else 'a'} {word}{where})"), reason
            said += 1
    assert said > 0


@pytest.mark.parametrize(("game_id", "variant", "top"), [("spider", "two-suits", "King"), ("mini-wisp", None, "6")])
def test_a_card_dropped_where_finished_runs_go_is_told_how_runs_leave(game_id, variant, top):
    """The places of the finished runs look like foundations; a card dropped there is not told "there is no
    foundation 1" but how a run leaves."""
    from wispwidget import deal
    from wispwidget.engine.move import Move
    from wispwidget.io.words import refusal

    game = deal(game_id, 3, variant=variant)
    words = refusal(game.why_illegal(Move("t0", "f0")))
    assert words.startswith("No card is put away by hand in ") and f"{top} down to Ace" in words
    assert "foundation 1" not in words and "f0" not in words
