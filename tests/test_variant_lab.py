"""The rule-variant lab: each control gives the spec it says, its study agrees with ``wispwidget study`` deal by
deal, results apply only to the controls they were run on, and variants play, save and load."""

from __future__ import annotations

import sys
from dataclasses import replace
from typing import ClassVar

import pytest

import wispwidget as ww
from wispwidget.cards import Deck
from wispwidget.games.catalogue import CATALOGUE, get_game
from wispwidget.games.soundness import Soundness
from wispwidget.games.spec import Build, EmptyPile, Foundations, Movable, Stock
from wispwidget.io.game_format import read_game, write_game
from wispwidget.studies.study import StudyJob, run_job
from wispwidget.studies.variant_study import make_variant, rules_of, run_study, solver_for
from wispwidget.widgets.variant_lab import VariantLabWidget

WISP = get_game("will-o-the-wisp")


# -- each control ---------------------------------------------------------------------


def test_movable_control():
    assert make_variant(WISP, movable="any-run") is get_game("will-o-the-wisp", "relaxed")
    single = make_variant(WISP, movable="single-card")
    assert single.movable is Movable.SINGLE_CARD and single.variant.startswith("lab-")
    assert "moves one card at a time" in single.name


def test_build_control():
    spec = make_variant(WISP, build="same-suit")
    assert spec.build is Build.SAME_SUIT and spec.movable is WISP.movable and spec.layout == WISP.layout


def test_empty_pile_control():
    assert make_variant(WISP, empty_pile="top-rank-only").empty_pile is EmptyPile.TOP_RANK_ONLY


def test_stock_waits_for_empty_piles_control():
    spec = make_variant(WISP, deal_needs_no_empty_pile=False)
    assert spec.deal_needs_no_empty_pile is False
    assert "the stock deals onto empty piles too" in spec.description


def test_stock_control():
    spec = make_variant(WISP, stock="draw-to-waste")
    assert spec.stock is Stock.DRAW_TO_WASTE and spec.has_waste


def test_foundations_controls():
    spec = make_variant(WISP, foundations="build-up-in-suit", foundation_to_tableau=True, ace_between_foundations=True)
    assert spec.foundations is Foundations.BUILD_UP_IN_SUIT and spec.foundation_piles == 4
    assert spec.foundation_to_tableau and spec.ace_between_foundations
    # The two foundation switches mean nothing where runs leave by themselves.
    spiders = make_variant(WISP, foundation_to_tableau=True)
    assert not spiders.foundation_to_tableau and spiders is WISP


def test_layout_controls():
    spec = make_variant(WISP, piles=8, face_down=1, face_up=2)
    assert spec.layout == ((1, 2),) * 8 and spec.stock_size == 52 - 24
    with pytest.raises(ValueError, match="the piles need 96 cards but the deck has only 52"):
        make_variant(WISP, piles=16, face_down=5)
    with pytest.raises(ValueError, match="piles must be 1 to 16"):
        make_variant(WISP, piles=17)


def test_deck_controls():
    spec = make_variant(WISP, suits="SH", top_rank=6, piles=4, face_down=1, face_up=1)
    assert spec.deck == Deck(suits="SH", top_rank=6) and "A-6 of ♠♥" in spec.name
    assert make_variant("mini-wisp", copies=2, piles=4, face_down=1, face_up=1).deck.copies == 2
    two_decks = make_variant(WISP, copies=2, piles=12)
    assert two_decks.name.endswith("; 2 decks") and "deck 2 decks" not in two_decks.name
    with pytest.raises(ValueError, match="suits must be distinct letters"):
        make_variant(WISP, suits="SS")
    with pytest.raises(ValueError, match=r"^the deck's top rank must be 1 \(Ace\) to 13 \(King\), not 20$"):
        make_variant(WISP, top_rank=20)


def test_unknown_rules_are_refused():
    with pytest.raises(ValueError, match="unknown rule"):
        make_variant(WISP, gravity="down")


def test_the_base_rules_give_the_base_game():
    assert make_variant(WISP) is WISP


# -- which solver ---------------------------------------------------------------------


def test_the_c_core_plays_every_variant_it_can_encode_and_the_rest_is_said_in_words():
    waste_and_runs = make_variant("mini-wisp", stock="draw-to-waste")  # a card from the waste can finish a run
    assert solver_for(waste_and_runs).engine == "native"
    assert solver_for(WISP).engine == "native" and "Spider dead-end test" in solver_for(WISP).note
    many_decks = make_variant("will-o-the-wisp", copies=6)  # more cards than the C core holds
    choice = solver_for(many_decks)
    assert choice.engine == "python" and "cards" in choice.note


def test_the_soundness_shown_is_the_spec_s():
    spec = make_variant(WISP, build="same-suit")
    assert solver_for(spec).soundness == Soundness.of(spec) and not Soundness.of(spec).spider_dead_test


# -- the study ------------------------------------------------------------------------


@pytest.mark.parametrize("changes", [dict(movable="single-card"), dict(build="same-suit", empty_pile="top-rank-only"),
                                     dict(deal_needs_no_empty_pile=False)])
def test_the_lab_study_agrees_with_wispwidget_study_deal_by_deal(changes):
    spec = ww.register(make_variant("mini-wisp", **changes))
    try:
        lab = run_study(spec, range(1, 13), 20_000)
        cli = [run_job(StudyJob(spec.game, spec.variant, seed, 20_000)) for seed in range(1, 13)]
        assert [(r["seed"], r["result"], r["positions"]) for r in lab.records] == \
            [(r["seed"], r["result"], r["positions"]) for r in cli]
    finally:
        CATALOGUE.pop(spec.key)


def test_shares_have_wilson_intervals():
    result = run_study(get_game("mini-wisp"), range(1, 11), 20_000)
    won = result.share("won")
    assert won.count == result.count("won") and won.low <= won.share <= won.high
    summary = result.summary()
    assert set(summary) >= {"won", "lost", "unknown", "winnable_low", "winnable_high"}


# -- the widget -----------------------------------------------------------------------


def test_the_lab_studies_the_variant_beside_its_base():
    lab = ww.variant_lab("mini-wisp")
    lab.deals, lab.max_positions = 8, 20_000
    lab.set(movable="single-card")
    result = lab.study(wait=True, timeout=120)
    assert result is not None and result.spec == lab.spec and result.deals == 8
    assert set(lab.results) == {"base", "variant"} and lab.results["base"]["variant"] == "standard"
    assert lab.progress == {"running": False, "done": 16, "total": 16, "which": ""}
    lab.set(build="same-suit")  # the variant's bars go; the base's stay
    assert set(lab.results) == {"base"}


class HeldStudy:
    """A ``BackgroundStudy`` that has its result at once but reports it only when told to."""

    made: ClassVar[list[HeldStudy]] = []

    def __init__(self, spec, seeds, max_positions, progress=None, on_done=None, engine=None):
        self.on_done, self.error = on_done, None
        self.result = run_study(spec, seeds, max_positions)
        self.done = False
        HeldStudy.made.append(self)

    def cancel(self):
        pass  # it goes on, as a solve that has not yet seen the flag does

    def wait(self, timeout=None):
        return self.result

    def finish(self):
        self.done = True
        self.on_done(self)


def test_a_result_applies_only_if_the_controls_did_not_change(monkeypatch):
    module = sys.modules[VariantLabWidget.__module__]

    monkeypatch.setattr(module, "BackgroundStudy", HeldStudy)
    HeldStudy.made.clear()
    lab = VariantLabWidget("mini-wisp")
    lab.deals, lab.max_positions = 4, 20_000
    lab.set(movable="single-card")
    lab.study()
    HeldStudy.made[-1].finish()  # the base game: applied, and the variant's study starts
    assert set(lab.results) == {"base"} and len(HeldStudy.made) == 2
    lab.set(movable="any-run")  # the controls change while the variant's study runs
    HeldStudy.made[-1].finish()
    assert "variant" not in lab.results and lab.last_result is None
    lab.study()  # the base result is kept for these settings: only the variant runs
    assert len(HeldStudy.made) == 3
    HeldStudy.made[-1].finish()
    assert lab.results["variant"]["variant"] == lab.spec.variant == "relaxed"


def test_cancel_stops_the_study_and_applies_nothing():
    lab = VariantLabWidget("will-o-the-wisp")
    lab.deals, lab.max_positions = 50, 2_000_000
    lab.study()
    lab.cancel()
    lab.wait(60)
    assert lab.progress["running"] is False and "variant" not in lab.results
    assert lab.status == "Study cancelled."


def test_invalid_controls_say_why_and_do_not_study():
    lab = VariantLabWidget("will-o-the-wisp")
    lab.controls = {**lab.controls, "piles": 16, "face_down": 5}
    assert "the piles need 96 cards" in lab.variant["error"]
    assert lab.study() is None and lab.status.startswith("Not a game")


@pytest.mark.parametrize("copies", [10**9, 9, 0, -1, 1.5, "2"])
def test_a_deck_of_more_copies_than_wisp_game_holds_is_refused_at_once(copies):
    """copies=10**9 built a list of twelve billion cards in the kernel; 9 made a variant its JSON cannot hold."""
    lab = VariantLabWidget("mini-wisp")
    lab.controls = {**lab.controls, "copies": copies}
    assert "1 to 8 copies" in lab.variant["error"] or "whole number" in lab.variant["error"]
    with pytest.raises(ValueError):
        lab.spec  # noqa: B018


def test_every_variant_the_lab_makes_saves_and_loads_back():
    lab = VariantLabWidget("mini-wisp")
    lab.set(copies=8)
    assert read_game(lab.to_json()) == lab.spec


@pytest.mark.parametrize(("setting", "value", "words"), [
    ("first_seed", 2**64 - 2, "The last deal is a whole number from 0 to"),
    ("first_seed", -1, "The first deal is a whole number"), ("max_positions", 0, "The search budget must be"),
    ("max_positions", 10**100, "The search budget must be at most 50,000,000"),
    ("deals", 10**100, "Deals must be from 1 to 100,000"), ("deals", 0, "Deals must be from 1 to 100,000"),
])
def test_study_settings_out_of_range_are_refused_in_one_sentence(setting, value, words):
    """Before: the study's error was dropped and the lab said "Studying…" for ever; deals=10**100 raised an
    OverflowError out of the message handler; deals=0 reported "0 deals, every deal settled"."""
    lab = VariantLabWidget("mini-wisp", deals=3, max_positions=2_000)
    lab.first_seed = value if setting == "first_seed" else 1
    if setting != "first_seed":
        lab.set_trait(setting, value)
    with pytest.raises(ww.WispError, match=f"^{words}"):
        lab.study()
    lab._on_front_end_message(None, {"type": "study"}, None)
    assert lab.status.startswith(words) and lab.status.endswith(".") and "\n" not in lab.status
    assert not lab.progress.get("running") and lab.results == {}


def test_a_study_that_fails_says_so_and_stops_running(monkeypatch):
    module = sys.modules[VariantLabWidget.__module__]

    class Failing(HeldStudy):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.result, self.error = None, RuntimeError("the solver fell over")

    monkeypatch.setattr(module, "BackgroundStudy", Failing)
    lab = VariantLabWidget("mini-wisp", deals=2, max_positions=2_000)
    lab.study()
    Failing.made[-1].finish()
    assert lab.status == "The study failed: The solver fell over."
    assert lab.progress["running"] is False


def test_a_request_the_lab_does_not_know_is_refused_in_words():
    lab = VariantLabWidget("mini-wisp")
    for content in ({"type": "unknown"}, {"type": ["study"]}, {}):
        lab.status = ""
        lab._on_front_end_message(None, content, None)
        assert lab.status == "Refused a request the lab does not know."


def test_play_this_variant_registers_it_and_opens_a_table():
    lab = VariantLabWidget("mini-wisp")
    lab.set(empty_pile="top-rank-only")
    try:
        table = lab.play(seed=4)
        assert table.game.spec == lab.spec and table.seed == 4
        assert CATALOGUE[lab.spec.key] == lab.spec
        assert ww.play(lab.spec, seed=4).game.position() == table.game.position()
        assert lab.spec.variant in lab.status
    finally:
        CATALOGUE.pop(lab.spec.key, None)


def test_the_variant_saves_and_loads_as_wisp_game_json():
    lab = VariantLabWidget("mini-wisp")
    lab.set(build="same-suit", deal_needs_no_empty_pile=False)
    text = lab.to_json()
    assert read_game(text) == lab.spec and lab.game_json == text
    other = VariantLabWidget("mini-wisp")
    assert other.load(text) == lab.spec and other.spec == lab.spec
    with pytest.raises(ww.FormatError, match="this lab varies"):
        VariantLabWidget("will-o-the-wisp").load(text)


def test_front_end_messages():
    lab = VariantLabWidget("mini-wisp")
    lab.set(movable="single-card")
    lab._on_front_end_message(lab, {"type": "reset"}, [])
    assert lab.spec == get_game("mini-wisp")
    lab._on_front_end_message(lab, {"type": "load", "text": "{"}, [])
    assert lab.status.startswith("Not valid JSON") and lab.status.endswith(".")
    lab.set(empty_pile="top-rank-only")
    try:
        lab._on_front_end_message(lab, {"type": "play"}, [])
        assert lab.table is not None and lab.table.game.spec == lab.spec
        # a button's words are for a player: the variant's name and deal, no code and no engine id
        assert lab.status.startswith(f"A table for {lab.spec.name}, deal ") and lab.status.endswith("is ready below.")
        assert "lab-" not in lab.status and "ww." not in lab.status
    finally:
        CATALOGUE.pop(lab.spec.key, None)


def test_a_table_on_a_waste_variant_keeps_its_running_verdict():
    lab = VariantLabWidget("mini-wisp")
    lab.set(stock="draw-to-waste")
    try:
        table = lab.play(seed=2)
        assert table.auto_verdict is True and "is ready" in lab.status
    finally:
        CATALOGUE.pop(lab.spec.key, None)


def test_a_loaded_variant_keeps_its_own_name_and_save_says_where_the_json_is():
    lab = VariantLabWidget("mini-wisp")
    spec = lab.set(build="same-suit")
    text = write_game(replace(spec, variant="suited", name="Mini Wisp, in suit"))
    other = VariantLabWidget("mini-wisp")
    other._on_front_end_message(other, {"type": "load", "text": text}, [])
    assert other.spec.variant == "suited" and other.spec.name == "Mini Wisp, in suit"
    assert other.status == "Loaded Mini Wisp, in suit." and other.variant["name"] == "Mini Wisp, in suit"
    assert rules_of(other.spec) == rules_of(spec)
    other.set(movable="single-card")  # a further change is a new variant, named by its rules again
    assert other.spec.variant.startswith("lab-") and other.spec.name != "Mini Wisp, in suit"
    same = VariantLabWidget("mini-wisp")
    same.set(build="same-suit")
    same.load(text)  # the very rules on show, under the file's name: the heading must say it too
    assert same.variant["name"] == "Mini Wisp, in suit" and same.spec.name == "Mini Wisp, in suit"
    other._on_front_end_message(other, {"type": "save"}, [])
    assert "box below" in other.status and "wisp-game/1" in other.status


def test_rules_that_are_a_catalogue_game_say_so_by_its_menu_name():
    lab = VariantLabWidget("will-o-the-wisp")
    assert lab.set(movable="any-run").key == "will-o-the-wisp/relaxed"  # Relaxed's one rule
    assert lab.variant["name"] == "Will o' the Wisp (Relaxed): these rules are a game of the menu"
    assert lab.variant["changes"] == ["moves any run, whatever its suits"]
    lab.reset()
    assert lab.variant["name"] == "Will o' the Wisp"  # the base itself: no such words


def test_a_played_variant_renamed_in_its_json_loads_and_plays_under_the_new_name():
    lab = VariantLabWidget("mini-wisp")
    spec = lab.set(empty_pile="top-rank-only")
    try:
        lab.register()  # as "Play this variant" does: the lab's id is now in the catalogue, under its old name
        text = write_game(replace(spec, name="King's Mini Wisp (class 3B)"))  # the same id and rules, renamed
        lab.reset()
        lab._on_front_end_message(lab, {"type": "load", "text": text}, [])
        assert lab.status == "Loaded King's Mini Wisp (class 3B)."
        assert lab.spec.name == lab.variant["name"] == "King's Mini Wisp (class 3B)"
        assert lab.register().name == get_game(*spec.key.split("/")).name == "King's Mini Wisp (class 3B)"
    finally:
        CATALOGUE.pop(spec.key, None)


def test_the_status_and_the_bars_never_describe_rules_or_settings_no_longer_shown():
    lab = VariantLabWidget("mini-wisp", deals=4, max_positions=2_000)
    lab.set(movable="single-card")
    lab.study(wait=True, timeout=60)
    assert set(lab.results) == {"base", "variant"} and lab.status
    lab.reset()  # Reset: the status was about the single-card variant
    assert lab.status == "" and set(lab.results) == {"base"}
    lab.controls = {**lab.controls, "suits": ""}  # not a game: said in the lab's info, not left in the status
    assert lab.variant["error"] == "the deck needs at least one suit" and lab.status == ""
    lab.set(suits=get_game("mini-wisp").deck.suits)
    assert lab.variant["error"] == "" and lab.status == ""
    lab.deals = 5  # the base bars were for 4 deals
    assert lab.results == {}


def test_play_opens_a_deal_the_study_proved_won():
    lab = VariantLabWidget("mini-wisp", deals=8, max_positions=20_000)
    lab.set(movable="single-card")
    result = lab.study(wait=True, timeout=60)
    won = [r["seed"] for r in result.records if r["result"] == "won"]
    lost = [r["seed"] for r in result.records if r["result"] == "lost"]
    assert won and lost and lab.proved_won_seeds() == won
    try:
        table = lab.play()
        assert table.controller.seed == won[0] and "proved winnable" in lab.status
        assert any(g["variant"] == lab.spec.variant for g in table.games)  # the game menu names the variant
    finally:
        CATALOGUE.pop(lab.spec.key, None)
    lab.set(build="same-suit")
    assert lab.proved_won_seeds() == []  # the study was of other rules


def test_play_without_a_proved_win_opens_an_unsettled_deal_or_the_next_and_says_so():
    lab = VariantLabWidget("mini-wisp", deals=4, max_positions=1)  # nothing settles in one position
    lab.study(wait=True, timeout=60)
    try:
        assert lab.play().controller.seed == 1 and "could not settle" in lab.status
        lab.max_positions = 20_000
        lab.set(build="same-suit", piles=2, face_down=1, face_up=1)  # two piles: every deal is lost
        result = lab.study(wait=True, timeout=60)
        assert {r["result"] for r in result.records} == {"lost"}
        assert lab.play().controller.seed == 5 and "proved every deal it tried lost" in lab.status
    finally:
        CATALOGUE.pop(lab.spec.key, None)


def test_a_settled_variant_beside_an_unsettled_base_says_they_cannot_be_compared_yet():
    lab = VariantLabWidget("mini-wisp", deals=4, max_positions=10)
    lab.set(build="same-suit", piles=2, face_down=1, face_up=1)  # lost at once; the base needs more positions
    lab.study(wait=True, timeout=60)
    assert lab.results["base"]["unknown"]["count"] > 2 and not lab.last_result.mostly_unknown
    assert "base game's deals were not settled" in lab.status and "cannot be compared yet" in lab.status
    lab.max_positions = 300
    lab.study(wait=True, timeout=60)
    assert "cannot be compared" not in lab.status  # both settled


def test_a_mostly_unsettled_study_says_what_to_try():
    lab = VariantLabWidget("mini-wisp", deals=4, max_positions=1)
    result = lab.study(wait=True, timeout=60)
    assert result.mostly_unknown and "Most deals were not settled" in lab.status
    assert "unknowns counted both ways" in lab.status


def test_the_top_rank_is_named_for_the_deck_in_the_choices_and_the_changes():
    lab = VariantLabWidget("mini-wisp")
    assert lab.options["empty_pile"]["top-rank-only"] == "only a 6 (the deck's top rank)"
    lab.set(empty_pile="top-rank-only")
    assert "an empty pile takes only a 6" in lab.spec.name and "King" not in lab.spec.name
    lab.set(top_rank=13)
    assert lab.options["empty_pile"]["top-rank-only"] == "only a King"
    assert "an empty pile takes only a King" in lab.spec.name


def test_the_lab_shows_its_own_name_as_text_not_the_box_it_is_shown_in():
    lab = VariantLabWidget("mini-wisp")
    bundle = lab._repr_mimebundle_()
    assert bundle["text/plain"] == "VariantLabWidget(mini-wisp/standard -> mini-wisp/standard)"
    assert "application/vnd.jupyter.widget-view+json" in bundle  # still drawn as the lab with its output area


def test_the_winnable_range_says_unknowns_counted_both_ways_only_when_there_are_any():
    settled = VariantLabWidget("mini-wisp", deals=4, max_positions=20_000).study(wait=True, timeout=60)
    assert settled.count("unknown") == 0 and "(95%, every deal settled)" in settled.describe()
    assert "counted both ways" not in settled.describe()
    unsettled = VariantLabWidget("mini-wisp", deals=4, max_positions=1).study(wait=True, timeout=60)
    assert unsettled.count("unknown") > 0 and "(95%, unknowns counted both ways)" in unsettled.describe()
