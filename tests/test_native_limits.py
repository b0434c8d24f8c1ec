"""The C core's ABI and limits: a versioned spec checked on both sides, refusals in plain words, and the games
and positions at the edges (issue 24 item 9): saturating beam widths, effects bounded by the spec, runs
finished from a waste, games beyond the core, 64-bit table offsets."""

from __future__ import annotations

import ctypes
import dataclasses
import subprocess
import warnings

import pytest

from wispwidget import CATALOGUE, Game
from wispwidget.engine.dealing import shuffled
from wispwidget.engine.move import DEAL
from wispwidget.engine.position import Pile, Position
from wispwidget.games.catalogue import register
from wispwidget.games.spec import Build
from wispwidget.search import native
from wispwidget.search._build import find_compiler
from wispwidget.search.solver import UnsupportedGame, solve

from .native_cases import many_runs_game, seventy_piles, six_decks, spider_with_waste, widow_all_on_t0
from .test_native import differential_playout


@pytest.fixture(autouse=True)
def _catalogue_as_it_was():
    """The odd games these tests register leave the catalogue afterwards."""
    saved = dict(CATALOGUE)
    yield
    CATALOGUE.clear()
    CATALOGUE.update(saved)


needs_core = pytest.mark.skipif(native.load_test_hooks() is None,
                                reason="no C compiler: the pure-Python solver is used")


@needs_core
def test_the_loaded_core_speaks_the_headers_abi_and_only_the_test_build_has_hooks():
    product, test = native.load(), native.load_test_hooks()
    assert native.abi_mismatch(product) == native.abi_mismatch(test) == ""
    assert native.LIMITS.max_piles == 16 and native.LIMITS.max_cards == 128
    for hook in ("wisp_moves", "wisp_apply", "wisp_hopeless", "wisp_test_offsets"):
        assert not hasattr(product, hook) and hasattr(test, hook)
    # the mirror is built from wisp.h's list: every Strategy setting is a spec field
    names = {name for name, *_ in native.WispSpec._fields_}
    assert {f.name for f in dataclasses.fields(native.Strategy)} <= names
    assert native.STATS_FIELDS[:4] == ["positions", "line_length", "table_bytes", "max_depth"]


@needs_core
def test_the_core_refuses_a_spec_of_another_version_or_size_or_with_unknown_values():
    position = Game.new(register(spider_with_waste()), seed=1).position()
    blob, size = native._blob(position)
    lib, stats, out = native.load(), native.WispStats(), (ctypes.c_int32 * 10_000)()

    def code(**changes):
        spec = native.encode_spec(position)
        for name, value in changes.items():
            setattr(spec, name, value)
        return lib.wisp_solve(ctypes.byref(spec), blob, size, 1000, 0.0, None, out, 10_000, ctypes.byref(stats))

    assert code() in native.RESULT_NAMES
    bad = native.C["WISP_BAD_SPEC"]
    assert code(version=native.ABI_VERSION + 1) == code(size=ctypes.sizeof(native.WispSpec) - 4) == bad
    assert code(build=2) == code(movable=3) == code(algorithm=9) == code(transpositions=2) == bad
    assert code(piles=17) == native.C["WISP_TOO_BIG"]


def test_the_encoder_refuses_rule_members_and_values_it_does_not_know(monkeypatch):
    position = Game.new(register(spider_with_waste()), seed=1).position()
    monkeypatch.setattr(native, "BUILDS", {Build.SAME_SUIT: "WISP_BUILD_SAME_SUIT"})  # as if ANY_SUIT were new
    with pytest.raises(native.NativeRefusal, match="does not know the build rule"):
        native.encode_spec(position)
    monkeypatch.undo()
    with pytest.raises(native.NativeRefusal, match="32-bit"):
        native.encode_spec(position, native.Strategy(stage_cap=2**40))
    with pytest.raises(native.NativeRefusal, match="at most 16 weights"):
        native.encode_spec(position, native.Strategy(weights=(1,) * 17))


@needs_core
def test_a_game_the_encoder_cannot_take_is_solved_in_python_and_the_result_says_why(monkeypatch):
    position = Game.new(register(spider_with_waste()), seed=2).position()
    monkeypatch.setattr(native, "BUILDS", {})
    result = solve(position, 5_000)
    assert result.engine == "python" and "does not know the build rule" in result.engine_note
    with pytest.raises(native.NativeRefusal):
        solve(position, 5_000, engine="native")


@needs_core
def test_beam_widths_saturate_where_beams_re_enter_what_they_examined():
    """All 104 Black Widow cards face up on pile 0, beams from the start: each beam's last stage is a 300-position
    depth-first search, so the budget lasts hundreds of beams while the width grows by 4 each round (to 2^55
    and past, where width * final_cap overflowed). It ends at the budget, unknown."""
    position = widow_all_on_t0(1)
    strategy = dataclasses.replace(native.default_strategy(position), restart_chunk=0)
    core = native.core_solve(native.load(), position, 200_000, strategy=strategy)
    assert core.result == "unknown" and core.stats["positions"] == 200_000
    assert core.stats["passes"] > 6 * 30  # far past the round where the width passes 2^62
    assert solve(widow_all_on_t0(0), 200_000).result == "lost"  # a small tree: the first search proves it


@needs_core
def test_one_deal_that_removes_56_runs_plays_and_solves_as_the_engine_does():
    spec = register(many_runs_game())
    differential_playout(spec, seeds=range(1, 4), steps=5)
    start = Game.new(spec, seed=1)  # the deal settles: each pile's Aces, face up or turned, are finished runs
    assert len(start.position().finished) == 56 and not any(start.position().tableau)
    # The core settles what it reads too: the deal as laid out, before anything left, is the same position.
    laid_out = unsettled_deal(spec, 1)
    assert native.native_legal_moves(laid_out) == start.legal_moves() == [DEAL]
    code = native.native_move_codes(laid_out)[0]
    start.push(DEAL)
    assert native.native_apply(laid_out, code) == native.encode_position(start.position())
    start.pop()
    for algorithm in ("dfs", "best-first", "beam", "restarts"):
        strategy = native.Strategy(algorithm=algorithm, restart_chunk=0 if algorithm == "beam" else 100)
        result = solve(start.position(), 1_000, strategy=strategy)
        assert result.result == "won" and result.engine == "native", algorithm


def unsettled_deal(spec, seed):
    """Deal ``seed`` laid out pile by pile with nothing settled (finished runs still on top): not a valid
    position, but one the core must read as the engine deals it."""
    cards, at, tableau = shuffled(spec.deck.cards(), seed), 0, []
    for down, up in spec.layout:
        tableau.append(Pile(tuple(cards[at:at + down]), tuple(cards[at + down:at + down + up])))
        at += down + up
    return Position(spec, tuple(tableau), stock=tuple(cards[at:]))


@needs_core
def test_a_run_finished_from_the_waste_leaves_in_the_core_too():
    spec = register(spider_with_waste())
    differential_playout(spec, seeds=range(1, 13), steps=200)
    for seed in range(1, 21):
        position = Game.new(spec, seed=seed).position()
        tuned = solve(position, 200_000)  # a won line is replayed by the engine: a SolverDefect otherwise
        assert tuned.engine == "native"
        if tuned.settled:
            assert tuned.result == solve(position, 200_000, engine="python").result, seed


@needs_core
def test_games_beyond_the_core_are_refused_in_one_sentence_then_solved_in_python():
    position = Game.new(register(six_decks()), seed=1).position()
    assert native.refusal(position) == "the C core takes at most 128 cards in play; six-deck-spider/standard has 312"
    result = solve(position, 2_000)
    assert result.engine == "python" and result.engine_note == native.refusal(position)
    with pytest.raises(native.NativeRefusal, match="at most 128 cards"):
        solve(position, 2_000, engine="native")
    twenty = dataclasses.replace(seventy_piles(), game="twenty", layout=((0, 1),) * 20)
    result = solve(Game.new(register(twenty), seed=1).position(), 2_000)
    assert result.engine == "python" and "at most 16 tableau piles; twenty/standard has 20" in result.engine_note


def test_a_game_neither_solver_can_play_is_refused_clearly():
    position = Game.new(register(seventy_piles()), seed=1).position()
    with pytest.raises(UnsupportedGame, match="70 tableau piles"):
        solve(position, 1_000)
    assert issubclass(UnsupportedGame, ValueError)


@needs_core
def test_table_and_node_offsets_past_4_gib_read_back():
    """Keys and nodes stored past 4 GiB of arena (28-70 M positions) are found and read back: 64-bit offsets."""
    assert native.load_test_hooks().wisp_test_offsets(2**32 + 12_345) == 1


def test_a_library_of_another_abi_is_refused_once_in_plain_words(tmp_path, monkeypatch):
    try:
        compiler = find_compiler()
    except FileNotFoundError:
        pytest.skip("no C compiler")
    source = tmp_path / "old.c"
    source.write_text("#include <stdint.h>\ntypedef struct { uint32_t v, a, b, c; int32_t l[6]; } info;\n"
                      "void wisp_abi(info *out) { out->v = 1; out->a = 184; out->b = 48; out->c = 40; }\n"
                      "int wisp_solve(void) { return 0; }\n")
    library = tmp_path / "libold.so"
    command = [compiler] if isinstance(compiler, str) else list(compiler)
    subprocess.run([*command, "-shared", "-fPIC", "-o", str(library), str(source)], check=True)
    monkeypatch.setenv("WISPWIDGET_CORE_LIBRARY", str(library))
    monkeypatch.setattr(native, "_libraries", {})
    monkeypatch.setattr(native, "LIMITS", native.LIMITS)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert native.load() is None and native.load() is None
    assert len(caught) == 1 and "speaks ABI 1" in str(caught[0].message)
    assert "pure-Python solver is used instead" in str(caught[0].message)
    result = solve(Game.new(register(spider_with_waste()), seed=1).position(), 2_000)
    assert result.engine == "python" and "speaks ABI 1" in result.engine_note
