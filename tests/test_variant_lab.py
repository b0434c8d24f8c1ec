"""The rule-variant lab: each control gives the spec it says, its study agrees with ``wispwidget study`` deal by
deal, results apply only to the controls they were run on, and variants play, save and load."""

from __future__ import annotations

import re
import sys
import threading
import time
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
from wispwidget.studies.variant_study import VariantError, make_variant, rules_of, run_study, solver_for
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
    assert lab.progress == {"running": False, "done": 16, "total": 16, "which": "", "deal": 0, "deals": 0}
    lab.set(build="same-suit")  # the variant's bars go; the base's stay
    assert set(lab.results) == {"base"}


class HeldStudy:
    """A study (the lab's ``run_study``, run by its job on ``widgets/jobs.py``) that has its result at once but
    returns it only when told to; it ignores the cancel flag, as a solve that has not yet seen it does."""

    made: ClassVar[list[HeldStudy]] = []

    def __init__(self, spec, seeds, max_positions, cancel=None, progress=None, engine=None):
        self.error: Exception | None = None
        self.result = run_study(spec, seeds, max_positions)
        self.released = threading.Event()
        self.thread = threading.current_thread()  # the job's thread

    @classmethod
    def run(cls, *args, **kwargs):
        held = cls(*args, **kwargs)
        cls.made.append(held)
        held.released.wait(60)
        if held.error is not None:
            raise held.error
        return held.result

    def finish(self):
        """Return the result, and wait until the lab has taken it (the job's thread has ended)."""
        self.released.set()
        self.thread.join(60)

    @classmethod
    def wait_made(cls, n: int) -> None:
        """Wait until ``n`` studies have started (a job starts its study on its own thread)."""
        deadline = time.monotonic() + 60
        while len(cls.made) < n and time.monotonic() < deadline:
            time.sleep(0.005)
        assert len(cls.made) == n

    @classmethod
    def release_all(cls):
        for held in cls.made:
            held.released.set()


@pytest.fixture
def hold_studies(monkeypatch):
    """The lab's studies report when told to (``HeldStudy``); none is left waiting after the test."""
    monkeypatch.setattr(sys.modules[VariantLabWidget.__module__], "run_study", HeldStudy.run)
    HeldStudy.made.clear()
    yield HeldStudy
    HeldStudy.release_all()


@pytest.fixture
def held_lab(hold_studies) -> VariantLabWidget:
    """A Mini Wisp lab on one-card moves, 4 deals at 20,000 positions, whose studies report when told to."""
    lab = VariantLabWidget("mini-wisp")
    lab.deals, lab.max_positions = 4, 20_000
    lab.set(movable="single-card")
    return lab


def test_a_result_applies_only_if_the_controls_did_not_change(held_lab):
    lab = held_lab
    lab.study()
    HeldStudy.wait_made(1)
    HeldStudy.made[-1].finish()  # the base game: applied, and the variant's study starts
    assert set(lab.results) == {"base"}
    HeldStudy.wait_made(2)
    lab.set(movable="any-run")  # the controls change while the variant's study runs
    HeldStudy.made[-1].finish()
    assert "variant" not in lab.results and lab.last_result is None
    lab.study()  # the base result is kept for these settings: only the variant runs
    HeldStudy.wait_made(3)
    HeldStudy.made[-1].finish()
    assert lab.results["variant"]["variant"] == lab.spec.variant == "relaxed"


def test_rules_changed_and_changed_back_show_their_bars_again(held_lab):
    """A teacher saved a variant, tried another rule, loaded the saved one back: its bars were gone, and its
    40-second study had to run again. The result of the same rules at the same settings is shown again; a
    change of settings shows nothing old."""
    lab = held_lab
    saved = lab.game_json
    lab.study()
    HeldStudy.wait_made(1)
    HeldStudy.made[-1].finish()
    assert lab.progress["which"] == "variant" and lab.progress["deals"] == 4  # the variant's turn, of 4 deals
    HeldStudy.wait_made(2)
    HeldStudy.made[-1].finish()
    shown = lab.results["variant"]
    lab.set(movable="any-run")
    assert "variant" not in lab.results  # other rules: not these bars
    lab.load(saved)
    assert lab.results["variant"] == shown and set(lab.results) == {"base", "variant"}
    lab.set(movable="any-run")
    lab.set(movable="single-card")  # changed back by hand: the same
    assert lab.results["variant"] == shown
    lab.deals = 5  # other deals: nothing old is shown, and changed back, the base's bars wait for a Study
    lab.deals = 4
    assert "variant" not in lab.results and len(HeldStudy.made) == 2


def test_cancel_stops_the_study_and_applies_nothing():
    lab = VariantLabWidget("will-o-the-wisp")
    lab.deals, lab.max_positions = 50, 2_000_000
    lab.study()
    lab.cancel()
    lab.wait(60)
    assert lab.progress["running"] is False and "variant" not in lab.results
    assert lab.status == "Study stopped."  # "Stop", as the table says it


def test_invalid_controls_say_why_and_do_not_study():
    lab = VariantLabWidget("will-o-the-wisp")
    lab.controls = {**lab.controls, "piles": 16, "face_down": 5}
    assert "the piles need 96 cards" in lab.variant["error"]
    with pytest.raises(VariantError, match=r"^not a game: .*the piles need 96 cards"):
        lab.study(wait=True)
    assert lab.status.startswith("Not a game") and lab.status_kind == "error" and lab._job is None
    assert sys.modules[VariantLabWidget.__module__].studying_lab() is None  # no study holds the kernel's turn


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
    ("first_seed", -1, "The first deal must be a whole number from 0 to 18,446,744,073,709,551,615, not -1"),
    ("first_seed", 2**64, "The first deal must be a whole number from 0 to 18,446,744,073,709,551,615, not "
                          "18,446,744,073,709,551,616"),
    ("max_positions", 0, "The search budget must be a whole number from 1 to 50,000,000"),
    ("max_positions", 10**9, "The search budget must be a whole number from 1 to 50,000,000 (a larger search would "
                             "not fit in memory), not 1,000,000,000"),
    ("max_positions", 10**100, "The search budget must be a whole number from 1 to 50,000,000"),
    ("deals", 10**100, "Deals must be a whole number from 1 to 100,000"), ("deals", 0, "Deals must be a whole number"),
    ("deals", 100_000_000, "Deals must be a whole number from 1 to 100,000 (a lab's study; wispwidget study takes "
                           "more), not 100,000,000"),
    ("deals", -5, "Deals must be a whole number from 1 to 100,000 …, not -5$"),
    ("deals", 2.5, "Deals must be a whole number from 1 to 100,000 …, not 2.5$"),
    ("deals", "20", "Deals must be a whole number …, not '20'$"), ("deals", True, "Deals must be a whole number"),
])
def test_study_settings_out_of_range_are_refused_when_set_in_one_sentence(setting, value, words):
    """Before: lab.deals = 100_000_000, -5 and lab.max_positions = 10**9 were taken silently, and lab.study() then
    raised; deals=10**100 raised an OverflowError out of the message handler; deals=0 reported "0 deals"."""
    lab = VariantLabWidget("mini-wisp", deals=3, max_positions=2_000)
    before = {name: getattr(lab, name) for name in ("deals", "max_positions", "first_seed")}
    parts = words.removesuffix("$").split("…")
    pattern = "^" + ".*".join(re.escape(part) for part in parts) + "$" * words.endswith("$")
    with pytest.raises(ww.WispError, match=pattern) as refused:
        setattr(lab, setting, value)
    assert isinstance(refused.value, ValueError) and "\n" not in str(refused.value)
    assert {name: getattr(lab, name) for name in before} == before  # nothing changed
    with pytest.raises(ww.WispError, match=pattern):
        VariantLabWidget("mini-wisp", **{setting: value})
    assert lab.study(wait=True, timeout=60) is not None  # the lab still studies with its settings


def test_the_last_deal_past_the_largest_is_refused_by_the_study_in_one_sentence():
    lab = VariantLabWidget("mini-wisp", deals=3, max_positions=2_000)
    lab.first_seed = 2**64 - 2  # the first deal is fine; the third is past the largest deal number
    with pytest.raises(ww.WispError, match=r"^The last deal would be 18,446,744,073,709,551,616, past the largest"):
        lab.study()
    lab._on_front_end_message(None, {"type": "study"}, None)
    assert lab.status.startswith("The last deal would be") and lab.status.endswith(".") and "\n" not in lab.status
    assert lab.status_kind == "error" and not lab.progress.get("running") and lab.results == {}


class Sent:
    """What the lab sent its view (``send``)."""

    def __init__(self, lab):
        self.messages: list[dict] = []
        lab.send = lambda content, buffers=None: self.messages.append(content)


@pytest.mark.parametrize(("name", "typed", "said"), [
    ("deals", "", "Deals must be a whole number from 1 to 100,000 (a lab's study; wispwidget study takes more), not "
                  "an empty box; it stays 20."),
    ("deals", "2.5", "Deals must be a whole number from 1 to 100,000 (a lab's study; wispwidget study takes more), "
                     "not 2.5; it stays 20."),
    ("deals", "abc", "Deals must be a whole number from 1 to 100,000 (a lab's study; wispwidget study takes more), "
                     "not abc; it stays 20."),
    ("first_seed", "-1", "The first deal must be a whole number from 0 to 18,446,744,073,709,551,615, not -1; it "
                         "stays 1."),
    ("first_seed", "18446744073709551616", "The first deal must be a whole number from 0 to "
                                           "18,446,744,073,709,551,615, not 18446744073709551616; it stays 1."),
    ("max_positions", "1000000000", "The search budget must be a whole number from 1 to 50,000,000 (a larger search "
                                    "would not fit in memory), not 1000000000; it stays 20,000."),
])
def test_a_setting_typed_in_the_view_is_refused_saying_what_was_typed(name, typed, said):
    """Before: an empty Deals became 1, Deals 2.5 became 2 and First deal -1 became 0, none said so; the view
    sent 18446744073709551615 as 18446744073709551616 (a JavaScript number) and was refused with that."""
    lab = VariantLabWidget("will-o-the-wisp")
    sent = Sent(lab)
    before = (lab.deals, lab.max_positions, lab.first_seed)
    lab._on_front_end_message(lab, {"type": "setting", "name": name, "text": typed}, [])
    assert lab.status == said and lab.status_kind == "error"
    assert (lab.deals, lab.max_positions, lab.first_seed) == before
    assert sent.messages == [{"type": "refused", "setting": name}, {"type": "heard"}]  # the box shows the setting kept


def test_a_setting_typed_in_the_view_is_read_as_its_digits_up_to_the_largest_deal():
    lab = VariantLabWidget("will-o-the-wisp")
    lab._on_front_end_message(lab, {"type": "setting", "name": "deals", "text": "2.5"}, [])
    assert lab.status_kind == "error"
    lab._on_front_end_message(lab, {"type": "setting", "name": "deals", "text": " 1 "}, [])
    assert lab.deals == 1 and lab.status == "" and lab.status_kind == ""
    lab._on_front_end_message(lab, {"type": "setting", "name": "first_seed", "text": "18446744073709551615"}, [])
    assert lab.first_seed == 2**64 - 1 and lab.status == ""
    assert lab.get_state()["first_seed"] == "18446744073709551615"  # to the view as digits, not a rounded float
    lab._on_front_end_message(lab, {"type": "setting", "name": "first_seed", "text": "-1"}, [])
    lab._on_front_end_message(lab, {"type": "setting", "name": "first_seed", "text": "18446744073709551615"}, [])
    assert lab.status == "" and lab.status_kind == ""  # the same setting again: the refusal is gone
    for content in ({"type": "setting", "name": "colour", "text": "1"}, {"type": "setting", "name": "deals"}):
        lab._on_front_end_message(lab, content, [])
        assert lab.status == "Refused a request the lab does not know." and lab.status_kind == "error"


def test_one_deal_is_said_as_one_deal():
    """Before: "Studying ...: 1 deals at 20,000 positions"."""
    lab = VariantLabWidget("mini-wisp", deals=1, max_positions=1)
    lab.study()
    assert ": 1 deal at 1 position..." in lab.status
    result = lab.study(wait=True, timeout=60)
    assert ": 1 deal at 1 position:" in result.describe() and "1 deals" not in lab.status


def test_a_study_that_fails_says_so_and_stops_running(monkeypatch, hold_studies):
    module = sys.modules[VariantLabWidget.__module__]

    class Failing(HeldStudy):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.result, self.error = None, RuntimeError("the solver fell over")

    monkeypatch.setattr(module, "run_study", Failing.run)
    lab = VariantLabWidget("mini-wisp", deals=2, max_positions=2_000)
    lab.study()
    Failing.wait_made(1)
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


def test_a_saved_variant_edited_by_hand_is_named_by_its_new_rules_and_plays():
    """A teacher saved "an empty pile takes only a King", changed "build" in the text and loaded it: the heading
    kept the old name, the line under it said the new rules, and Play refused ("the catalogue already has a
    different game as will-o-the-wisp/lab-..."): the file's id was the hash of the old rules."""
    lab = VariantLabWidget("mini-wisp")
    spec = lab.set(empty_pile="top-rank-only")
    try:
        lab.register()  # played before it was saved
        saved = write_game(spec)
        edited = saved.replace('"build": "any-suit"', '"build": "same-suit"')
        assert edited != saved
        lab._on_front_end_message(lab, {"type": "load", "text": edited}, [])
        fresh = make_variant("mini-wisp", empty_pile="top-rank-only", build="same-suit")
        assert lab.spec.variant == fresh.variant != spec.variant and lab.spec.name == fresh.name
        assert lab.variant["name"] == fresh.name and "builds in suit" in fresh.name
        assert lab.status == f"Loaded {fresh.name}." and lab.status_kind == ""
        lab._on_front_end_message(lab, {"type": "play"}, [])
        assert lab.status_kind == "" and lab.table is not None and lab.table.game.spec.key == fresh.key
        own = write_game(replace(spec, name="Kings only (class 3B)")).replace('"build": "any-suit"',
                                                                             '"build": "same-suit"')
        lab.reset()
        lab.load(own)  # a name of one's own stays, under the id of the rules it now has
        assert lab.spec.name == "Kings only (class 3B)" and lab.spec.variant == fresh.variant
    finally:
        for key in (spec.key, make_variant("mini-wisp", empty_pile="top-rank-only", build="same-suit").key):
            CATALOGUE.pop(key, None)


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


# -- refusals change nothing; one study at a time; Load JSON in words --------------------------


def test_a_refused_set_changes_nothing_so_the_next_set_works():
    """Before: lab.set(emtpy_pile=...) stored the misspelt name, and every later set failed with its error until
    Reset; lab.set(empty_pile="kings-only") ended in "'kings-only' is not a valid EmptyPile", naming no value."""
    lab = VariantLabWidget("will-o-the-wisp")
    before = dict(lab.controls)
    with pytest.raises(ww.WispError, match=r"^unknown rule emtpy_pile \(did you mean empty_pile\?\); the lab's rules"):
        lab.set(emtpy_pile="top-rank-only")
    with pytest.raises(ww.WispError, match=r"^empty_pile must be one of 'any', 'top-rank-only', not 'kings-only'$"):
        lab.set(empty_pile="kings-only")
    with pytest.raises(ValueError, match="piles must be 1 to 16"):  # still a ValueError, as make_variant's were
        lab.set(piles=20, movable="single-card")
    assert lab.controls == before and lab.variant["error"] == "" and lab.status == ""
    assert lab.set(movable="any-run").key == "will-o-the-wisp/relaxed"
    assert lab.controls == {**before, "movable": "any-run"}
    with pytest.raises(ww.WispError, match="unknown rule emtpy_pile"):  # a name that is no rule is never kept
        lab.controls = {**lab.controls, "emtpy_pile": "top-rank-only"}
    assert "emtpy_pile" not in lab.controls
    assert lab.set(empty_pile="top-rank-only").empty_pile is EmptyPile.TOP_RANK_ONLY


@pytest.mark.parametrize(("changes", "words"), [
    (dict(stock="deal"), "stock must be one of 'deal-to-piles', 'draw-to-waste', not 'deal'"),
    (dict(movable=3), "movable must be one of 'suited-run', 'any-run', 'single-card', not 3"),
    (dict(deal_needs_no_empty_pile="no"), "deal_needs_no_empty_pile must be True or False, not 'no'"),
    (dict(piles=""), "piles must be a whole number, not an empty box"),
    (dict(piles="2.5"), "piles must be a whole number, not '2.5'"),
    (dict(suits=None), "suits must be letters of CDHS, not None"),
])
def test_a_rule_value_it_cannot_take_is_said_with_the_values_it_can(changes, words):
    with pytest.raises(ww.WispError, match=f"^{words}$"):
        make_variant(WISP, **changes)


def test_one_lab_study_at_a_time_a_new_lab_or_study_stops_the_running_one():
    """Before: running the lab's cell again during a study left the old lab's study running for minutes, unseen
    and unstoppable (one cancellable job per kind, as the table's jobs)."""
    old = VariantLabWidget("will-o-the-wisp", deals=200, max_positions=250_000)
    old.study()
    job = old._job
    assert job is not None and old.progress["running"]
    new = VariantLabWidget("will-o-the-wisp")  # the cell run again
    job.wait(20)
    assert job.done and old._job is None and old.progress["running"] is False
    assert old.status == "Study stopped: another lab started (one lab study runs at a time)."
    assert old.status_kind == "" and "variant" not in old.results
    old.study()  # and a study started in another lab stops this one's
    job = old._job
    new.max_positions = 1
    new.study()
    job.wait(20)
    assert job.done and old.progress["running"] is False
    assert old.status == "Study stopped: another lab started a study (one lab study runs at a time)."
    new.wait(60)
    assert new.last_result is not None and new.last_result.deals == 20  # the new lab's own study ran to its end
    VariantLabWidget("mini-wisp")  # no study running: nothing to stop, nothing said
    assert new.status.startswith("Will o' the Wisp: 20 deals at 1 position")


def test_a_study_that_ends_leaves_no_turn_held():
    module = sys.modules[VariantLabWidget.__module__]
    lab = VariantLabWidget("mini-wisp", deals=2, max_positions=2_000)
    lab.study(wait=True, timeout=60)
    assert module.studying_lab() is None  # the kernel holds no lab for a study that has ended


def _position_text() -> str:
    from wispwidget.engine.dealing import deal_position
    from wispwidget.io.formats import write_position

    return write_position(deal_position(WISP, 1))


@pytest.mark.parametrize(("text", "said"), [
    ("", "The box is empty: paste a wisp-game/1 document."),
    ("  \n", "The box is empty: paste a wisp-game/1 document."),
    (None, "This is a position file (wisp-position/1), not a game (wisp-game/1): Load JSON reads a game's rules, as "
           "Save JSON writes them."),
    ('{"game": "will-o-the-wisp", "tableau": []}', "This looks like a position (it has a tableau), not a game "
                                                   "(wisp-game/1): Load JSON reads a game's rules, as Save JSON writes "
                                                   "them."),
    ("typo", "Not loaded: in empty_pile, 'top-rank-onyl' is not one of 'any', 'top-rank-only'."),
    ("other", "Not loaded: this lab varies 'will-o-the-wisp', not 'mini-wisp'."),
    ("{", "Not valid JSON: Expecting property name enclosed in double quotes at line 1 column 2."),
    ("version", "This game is written in wisp-game/2, a version this wispwidget does not read: it reads "
                "wisp-game/1."),
    ("twenty", "The lab cannot run this game: piles must be 1 to 16, not 20."),
])
def test_load_json_refusals_say_plainly_what_is_wrong(text, said):
    """Before: a position gave "Game: unknown field 'tableau' (allowed: ...)", a typo "Empty_pile: ...", an empty
    box "Not valid JSON: Expecting value at line 1 column 1." All are drawn in the error style."""
    lab = VariantLabWidget("will-o-the-wisp")
    if text is None:
        text = _position_text()
    elif text == "typo":
        text = lab.to_json().replace('"empty_pile": "any"', '"empty_pile": "top-rank-onyl"')
    elif text == "other":
        text = VariantLabWidget("mini-wisp").to_json()
    elif text == "version":
        text = lab.to_json().replace('"wisp-game/1"', '"wisp-game/2"')
    elif text == "twenty":  # the format holds up to 64 piles; the lab's Piles control 16
        text = write_game(replace(lab.spec, variant="twenty", name="Twenty piles", layout=((1, 1),) * 20))
    before = dict(lab.controls)
    lab._on_front_end_message(lab, {"type": "load", "text": text}, [])
    assert lab.status == said and lab.status_kind == "error" and lab.controls == before
    lab._on_front_end_message(lab, {"type": "load", "text": lab.to_json()}, [])
    assert lab.status == "Loaded Will o' the Wisp." and lab.status_kind == ""  # the usual style again


def test_load_from_python_names_a_position_file_and_an_empty_text():
    lab = VariantLabWidget("will-o-the-wisp")
    with pytest.raises(ww.FormatError, match=r"^this is a position file \(wisp-position/1\), not a game"):
        lab.load(_position_text())
    with pytest.raises(ww.FormatError, match=r"^the text is empty: give a wisp-game/1 document$"):
        lab.load(" ")


def test_a_failure_is_drawn_as_an_error_and_the_usual_words_are_not():
    lab = VariantLabWidget("mini-wisp", deals=2, max_positions=2_000)
    lab.controls = {**lab.controls, "suits": ""}
    lab._on_front_end_message(lab, {"type": "study"}, [])
    assert lab.status.startswith("Not a game:") and lab.status_kind == "error"
    lab.reset()
    assert lab.status == "" and lab.status_kind == ""
    lab.study(wait=True, timeout=60)
    assert ": 2 deals at 2,000 positions: won" in lab.status and lab.status_kind == ""


@pytest.mark.parametrize("content", [{"type": "ping"}, {"type": "save"}, {"type": "cancel"}, {"type": "nonsense"},
                                     {"type": "study"}, {"type": "load", "text": ""}])
def test_every_request_of_the_view_is_answered(monkeypatch, content):
    """The view says "Waiting for the kernel" when a request goes unanswered (a restarted kernel answers none):
    so the lab answers every one, even a Cancel with nothing to cancel, which changes no trait."""
    lab = VariantLabWidget("mini-wisp", deals=2, max_positions=2_000)
    if content["type"] == "study":
        lab.controls = {**lab.controls, "suits": ""}  # refused: still answered
    sent: list[dict] = []
    monkeypatch.setattr(lab, "send", lambda message, *args, **kwargs: sent.append(message))
    lab._on_front_end_message(lab, content, [])
    assert sent[-1] == {"type": "heard"}
    assert lab._job is None


def test_load_and_play_during_a_study_say_what_became_of_it(hold_studies):
    """A teacher pressed Load JSON while a study ran: the bar vanished and the status said only "Loaded ...";
    Play said "A table ... is ready below" while the bar ran on."""
    other = VariantLabWidget("mini-wisp")  # (a lab made stops another lab's study: one runs at a time)
    other.set(build="same-suit")
    lab = VariantLabWidget("mini-wisp", deals=2, max_positions=2_000)
    lab.study()
    lab._on_front_end_message(lab, {"type": "play"}, [])
    assert lab.status.endswith("is ready below. The study goes on.") and lab.progress["running"]
    lab._on_front_end_message(lab, {"type": "load", "text": other.to_json()}, [])
    assert lab.status.endswith(". The running study was stopped: it was of the rules before.")
    assert not lab.progress["running"]
    lab._on_front_end_message(lab, {"type": "load", "text": lab.to_json()}, [])  # nothing ran: nothing said of it
    assert "study" not in lab.status
