"""The solver: sound verdicts, replayable lines, budgets, cancellation, hints."""

from __future__ import annotations

import dataclasses
import json
import time

import pytest

from wispwidget import Game, Move, deal, solve
from wispwidget.cli import main
from wispwidget.games.spec import Build, EmptyPile
from wispwidget.io.check import check_solution_text
from wispwidget.io.formats import write_position, write_solution
from wispwidget.limits import MAX_POSITIONS
from wispwidget.search import BackgroundSolve, native
from wispwidget.search.hints import Hinter
from wispwidget.search.solver import BudgetTooLarge, UnknownEngineError
from wispwidget.studies.stats import percentile, wilson_interval, winnable_bounds

from .helpers import position, random_positions, suit_run

MINI = [("mini-wisp", "standard"), ("mini-wisp", "relaxed"), ("mini-widow", "standard"), ("mini-moon", "standard")]


@pytest.mark.parametrize(("game", "variant"), MINI)
def test_verdicts_match_a_plain_exhaustive_search(game, variant):
    """Several hundred mini deals in all: the tuned solver against a search with no pruning at all."""
    verdicts = {"won": 0, "lost": 0}
    for seed in range(1, 101):
        start = deal(game, seed, variant=variant).position()
        tuned = solve(start, max_positions=2_000_000)
        plain = solve(start, max_positions=2_000_000, engine="python", ordering=False)
        assert plain.result in ("won", "lost")
        assert tuned.result == plain.result, (game, variant, seed)
        verdicts[tuned.result] += 1
        if tuned.result == "won":
            check = check_solution_text(write_solution(start, tuned.moves))
            assert check["valid"] and check["won"], check
    if game == "mini-wisp" and variant == "standard":
        assert verdicts["lost"] > 0  # the comparison covers both verdicts


def test_switches_off_still_sound_on_minis():
    for seed in range(1, 31):
        start = deal("mini-wisp", seed).position()
        expected = solve(start, engine="python", ordering=False).result
        for options in ({"ordering": False}, {"dominance": False}):
            assert solve(start, **options).result == expected


def test_solve_already_won_and_one_move_from_won():
    almost = position("will-o-the-wisp", piles=[f"| {suit_run('S', 13, 2)}", "| AS"], finished="C D H")
    result = solve(almost)
    assert result.result == "won" and result.moves == (Move("t1", "t0"),)
    game = Game(almost)
    game.play(Move("t1", "t0"))
    assert solve(game).result == "won" and solve(game).moves == ()


def test_lost_is_proved_for_a_dead_position():
    # Every top is a Two, every Ace buried, no stock: nothing can move.
    dead = position("mini-moon", piles=["| AS 3H 4S 2S", "| AH 3S 4H 2H", "| AS 3H 4S 2S", "| AH 3S 4H 2H"])
    assert Game(dead).legal_moves() == []
    result = solve(dead)
    assert result.result == "lost" and result.moves == ()


HARD = ("black-widow", 26)  # not settled within 1,000,000 positions (docs/solver.md): limits always bite


@pytest.mark.parametrize("engine", ["auto", "python"])
def test_budget_gives_unknown_and_counts_positions(engine):
    start = deal(*HARD).position()
    result = solve(start, max_positions=5_000, engine=engine)
    assert result.result == "unknown" and result.moves == () and not result.cancelled
    assert result.positions == 5_000  # the whole budget, and not one position more


def test_time_limit_is_respected():
    start = deal(*HARD).position()
    t = time.perf_counter()
    result = solve(start, max_positions=MAX_POSITIONS, time_limit=0.3)
    elapsed = time.perf_counter() - t
    assert result.result == "unknown" and result.moves == () and not result.cancelled
    assert 0.3 <= elapsed < 2.0  # it ran until the limit, and stopped soon after it
    assert 1_000 < result.positions < 10**9


def test_background_solve_can_be_cancelled():
    job = BackgroundSolve(deal(*HARD).position(), max_positions=20_000_000)
    time.sleep(0.2)
    assert not job.done  # still searching: the cancel below is what stops it
    cancelled_at = time.perf_counter()
    job.cancel()
    result = job.wait(10)
    assert job.done and result is not None
    assert time.perf_counter() - cancelled_at < 2.0
    assert result.result == "unknown" and result.cancelled and result.moves == ()
    assert 0 < result.positions < 20_000_000


def test_a_budget_beyond_memory_is_refused_up_front(monkeypatch):
    monkeypatch.setattr(native, "available_memory", lambda: 2**30)  # 1 GiB available
    start = deal(*HARD).position()
    t = time.perf_counter()
    with pytest.raises(BudgetTooLarge, match=r"more than the 1\.0 GiB of memory available"):
        solve(start, max_positions=50_000_000)
    assert time.perf_counter() - t < 1.0  # refused before any search
    # the same budget under a short time limit can reach only so many positions: it runs
    assert solve(start, max_positions=50_000_000, time_limit=0.05).result == "unknown"


def test_an_unknown_engine_is_refused():
    with pytest.raises(UnknownEngineError, match="unknown solver engine 'bogus'"):
        solve(deal("mini-wisp", 1), engine="bogus")
    assert issubclass(UnknownEngineError, ValueError)


@pytest.mark.skipif(native.load() is None, reason="no C compiler: the Python search keeps no table to measure")
def test_solver_reports_memory():
    result = solve(deal("will-o-the-wisp", 1).position(), max_positions=50_000)
    assert result.engine == "native" and result.table_bytes > 0
    assert 0 < result.bytes_per_position < 2_000


def test_the_python_search_reports_no_memory_figure():
    result = solve(deal("will-o-the-wisp", 1).position(), max_positions=2_000, engine="python")
    assert result.engine == "python" and result.table_bytes == 0 and result.bytes_per_position == 0.0


def test_hints_follow_a_winning_line_instantly():
    game = deal("will-o-the-wisp", 4, variant="relaxed")
    hinter = Hinter()
    first = hinter.hint(game)
    assert first.verdict == "winnable" and first.move in game.legal_moves()
    for _ in range(5):
        game.play(hinter.hint(game).move)
        again = hinter.hint(game)
        assert again.positions == 0 and again.verdict == "winnable"  # instant: on the known line


def test_hint_is_honest_when_lost_or_unknown():
    dead = Game(position("mini-wisp", piles=["| 2S", "| 4S", "| 6H", "| 2H"], stock="", rest="down:1"))
    hint = Hinter().hint(dead)
    assert hint.move is None and hint.verdict in ("lost", "unknown")
    hard = Hinter(max_positions=10).hint(deal("black-widow", 9))
    assert hard.verdict in ("unknown", "winnable")


def test_a_hint_where_no_move_wins_says_so_first_and_offers_a_move_only_to_play_on():
    import random

    game, rng = deal("micro-wisp", 1), random.Random(1)
    while solve(game.position()).result != "lost":
        game.play(rng.choice(game.legal_moves()))
    hint = Hinter().hint(game)
    assert hint.verdict == "lost" and not hint.proved
    assert hint.message.startswith("No sequence of moves wins from here (proved, seeing every card). ")
    if hint.move is not None:
        assert hint.move in game.legal_moves()
        assert "To play on anyway, try " in hint.message and hint.message.endswith("(a suggestion, not a proof).")
    else:
        assert "No move within reach shows a new card" in hint.message


@pytest.mark.parametrize(("game_id", "seed"), [("mini-wisp", 21), ("will-o-the-wisp", 4), ("will-o-the-wisp", 5)])
def test_hints_on_a_lost_game_make_progress_and_then_say_so_never_go_round_in_circles(game_id, seed):
    """Hints after a loss used to shift one card back and forth for ever; now each is the first move of a way to
    show a new card, and once none is in reach the hint says so and offers no move."""
    import random

    game, rng = deal(game_id, seed), random.Random(seed)
    while solve(game.position(), max_positions=20_000).result != "lost":
        game.play(rng.choice(game.legal_moves()))
    hinter, seen = Hinter(max_positions=20_000), [game.key()]
    for _ in range(60):
        hint = hinter.hint(game)
        if hint.move is None:
            break
        game.play(hint.move)
        seen.append(game.key())
    assert hint.move is None and "No move within reach shows a new card" in hint.message
    assert len(seen) == len(set(seen)) > 1  # moves were offered, and no position came back


def test_wilson_interval_reference_values():
    low, high = wilson_interval(81, 100)
    assert round(low, 4) == 0.7222 and round(high, 4) == 0.8749
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = winnable_bounds(80, 10, 10)
    assert low == wilson_interval(80, 100)[0] and high == wilson_interval(90, 100)[1]
    assert percentile([5, 1, 3, 2, 4], 0.5) == 3 and percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9) == 9


def test_cli_solve_prints_wisp_solve(tmp_path, capsys):
    path = tmp_path / "p.json"
    path.write_text(write_position(deal("mini-wisp", 2).position()))
    assert main(["solve", str(path), "--max-positions", "100000"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert set(result) == {"format", "result", "positions", "seconds", "moves"}
    assert result["format"] == "wisp-solve/1" and result["result"] in ("won", "lost")
    path.write_text("{}")
    assert main(["solve", str(path)]) == 2


def test_cli_study_summary_and_lines(tmp_path, capsys):
    out = tmp_path / "lines.jsonl"
    summary = tmp_path / "summary.json"
    status = main(["study", "mini-wisp", "--deals", "1-12", "--max-positions", "100000", "--workers", "2",
                   "--output", str(out), "--summary-json", str(summary), "--quiet"])
    assert status == 0
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["seed"] for r in lines] == list(range(1, 13))
    data = json.loads(summary.read_text())
    assert data["won"] + data["lost"] + data["unknown"] == 12
    assert data["winnable_low"] <= data["won_share"] <= data["winnable_high"]
    assert "winnable share" in capsys.readouterr().err
    assert main(["study", "mini-wisp", "--deals", "9-3"]) == 2


def test_study_on_a_dask_local_cluster():
    distributed = pytest.importorskip("distributed")
    from wispwidget.studies.study import StudyJob, study

    jobs = [StudyJob("mini-wisp", "standard", seed, 100_000) for seed in range(1, 9)]
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    with cluster, distributed.Client(cluster) as client:
        summary = study(jobs, executor="dask", scheduler=client)
    local = study([StudyJob("mini-wisp", "standard", seed, 100_000) for seed in range(1, 9)])
    assert summary["deals"] == 8 and (summary["won"], summary["lost"]) == (local["won"], local["lost"])


def test_deal_winnable_gives_a_proved_deal():
    game = deal("mini-wisp", 1, winnable=True)
    assert solve(game).result == "won"


def _core_run(start, strategy, budget=2_000_000):
    """The C core called directly (no engine replay): its verdict, line, and stats (see wisp_stats in wisp.h)."""
    core = native.core_solve(native.load(), start, budget, strategy=strategy)
    return core.result, core.moves, core.stats


def _core_solve(start, strategy, budget=2_000_000):
    """The C core's verdict and line for ``start`` under ``strategy``."""
    verdict, line, _ = _core_run(start, strategy, budget)
    return verdict, line


@pytest.mark.skipif(native.load() is None, reason="no C compiler")
@pytest.mark.parametrize(("game", "strategy"), [
    ("mini-wisp", native.Strategy(algorithm="dfs")),
    ("mini-wisp", native.Strategy(algorithm="best-first")),
    ("mini-wisp", native.Strategy(algorithm="restarts")),
    # no depth-first search first: every verdict, lost included, comes from the beams
    ("mini-wisp", native.Strategy(algorithm="beam", restart_chunk=0)),
    ("mini-widow", native.Strategy(algorithm="beam", restart_chunk=0, weights=native.ANY_RUN_WEIGHTS)),
    ("mini-moon", native.Strategy(algorithm="beam", restart_chunk=0, weights=native.FORTY_WEIGHTS)),
    # the last stage as small depth-first searches: lost is proved member by member
    ("mini-wisp", native.Strategy(algorithm="beam", restart_chunk=0, final_dfs=50)),
    ("mini-widow", native.Strategy(algorithm="beam", restart_chunk=0, weights=native.ANY_RUN_WEIGHTS, final_dfs=50)),
    # lines of the last two stages given up after one position without gain, from narrow beams: a loss is still proved
    # (the rule holds only once a beam has left something out)
    ("mini-wisp", native.Strategy(algorithm="beam", restart_chunk=0, beam_width=1, stall=1)),
    ("mini-moon", native.Strategy(algorithm="beam", restart_chunk=0, weights=native.FORTY_WEIGHTS, stall=1)),
    # runs kept whole from narrow beams (the guide acts only once a beam has left something out), and where any
    # run moves (not the default there, but as sound)
    ("mini-wisp", native.Strategy(algorithm="beam", restart_chunk=0, beam_width=1, whole_runs=True)),
    ("mini-widow", native.Strategy(algorithm="beam", restart_chunk=0, weights=native.ANY_RUN_WEIGHTS, beam_width=1,
                                   whole_runs=True)),
    # no guide: the beams as they were before novelty, the stall rule and whole runs
    ("mini-wisp", native.Strategy(algorithm="beam", restart_chunk=0, novelty=0, stall=0, whole_runs=False)),
])
def test_every_search_mode_is_sound(game, strategy):
    """Each of the core's search modes gives the verdicts of a plain exhaustive search, and lines that replay."""
    verdicts = set()
    for seed in range(1, 41):
        start = deal(game, seed).position()
        verdict, line = _core_solve(start, strategy)
        expected = solve(start, engine="python", ordering=False).result
        assert verdict == expected, seed
        if expected == "won":
            check = check_solution_text(write_solution(start, line))
            assert check["valid"] and check["won"], (seed, check)
        verdicts.add(expected)
    assert verdicts == ({"won", "lost"} if game == "mini-wisp" else {"won"})  # (no mini-widow/moon deal is lost)


@pytest.mark.skipif(native.load() is None, reason="no C compiler")
def test_beams_of_one_solve_count_each_position_once():
    """The beams of a solve share what they examined, so a position a later beam enters again is not counted
    again: seventeen ever wider beams that end by proving Will o' the Wisp deal 446 lost count exactly the
    positions of its whole game tree, as one complete depth-first search does (without sharing, each beam
    would count again from the start)."""
    start = deal("will-o-the-wisp", 446).position()
    tree = solve(start, strategy=native.Strategy(algorithm="dfs"))
    narrow = native.Strategy(algorithm="beam", restart_chunk=0, beam_width=1, beam_tries=3, beam_growth=200)
    verdict, _, stats = _core_run(start, narrow, budget=10_000_000)
    assert tree.result == verdict == "lost"
    assert stats["passes"] > 10  # beams run (the pass that settled it)
    assert stats["positions"] == tree.positions


def test_tuning_results_live_in_the_benchmarks_expected_file():
    """The deals each tuned setting settles that the search without it does not (novelty, the stall rule, the
    digging features, whole runs) are pinned in benchmarks/expected/tuning.json and checked by
    ``python benchmarks/verdicts.py --tuning``; here only that each case names a real deal and setting."""
    from pathlib import Path

    cases = json.loads((Path(__file__).parent.parent / "benchmarks" / "expected" / "tuning.json").read_text())["cases"]
    assert len(cases) >= 10
    settings = {f.name for f in dataclasses.fields(native.Strategy)}
    for case in cases:
        assert set(case["strategy"]) <= settings and case["result"] in ("won", "lost", "unknown"), case["name"]
        deal(case["game"], case["seed"], variant=case["variant"])
    assert native.SUITED_RUN_WEIGHTS[11:] != (0, 0)  # the digging features are on by default


def test_strategy_defaults_follow_the_game_family_and_refuse_unknown_algorithms():
    assert native.default_strategy(deal("will-o-the-wisp", 1).position()).algorithm == "beam"
    assert native.default_strategy(deal("black-widow", 1).position()).weights == native.ANY_RUN_WEIGHTS
    assert native.default_strategy(deal("black-widow", 1).position()).final_dfs == native.FINAL_DFS
    assert native.default_strategy(deal("will-o-the-wisp", 1, variant="relaxed").position()).final_dfs == 0
    # runs stay whole where only runs in suit move
    assert native.default_strategy(deal("spider", 1).position()).whole_runs
    assert not native.default_strategy(deal("will-o-the-wisp", 1, variant="relaxed").position()).whole_runs
    assert not native.default_strategy(deal("black-widow", 1).position()).whole_runs
    waste_game = native.default_strategy(deal("waxing-moon", 1).position())
    assert waste_game.algorithm == "beam" and waste_game.restart_chunk == native.WASTE_FIRST_DFS
    assert native.default_strategy(deal("will-o-the-wisp", 1).position()).restart_chunk < native.WASTE_FIRST_DFS
    with pytest.raises(ValueError, match="unknown search algorithm"):
        native.Strategy(algorithm="magic")


@pytest.mark.skipif(native.load() is None, reason="no C compiler")
def test_solve_takes_another_strategy_for_experiments():
    differed = 0
    for seed in range(1, 11):
        start = deal("mini-wisp", seed).position()
        tuned = solve(start)
        other = solve(start, strategy=native.Strategy(algorithm="best-first"))
        assert other.result == tuned.result, seed
        differed += other.positions != tuned.positions
    assert differed  # the strategy was really used: a different search, the same verdicts


def _tight_moon(layout=((0, 3),) * 3, **rules):
    """A small waste game where many positions are lost: three piles of three, A-4 of two suits twice."""
    from dataclasses import replace

    from wispwidget.games.catalogue import get_game
    return replace(get_game("mini-moon"), variant="tight", layout=layout, **rules)


@pytest.mark.skipif(native.load() is None, reason="no C compiler")
@pytest.mark.parametrize("rules", [
    {"foundation_to_tableau": False},
    {"foundation_to_tableau": True},
    {"build": Build.ANY_SUIT},
    {"empty_pile": EmptyPile.ANY},
])
def test_dead_position_test_flags_only_lost_positions(rules):
    """Every position the core's dead-position test prunes is lost by a plain exhaustive search."""
    import random

    flagged, lost = 0, 0
    for seed, start in random_positions(_tight_moon(**rules), 300, random.Random(7)):
        verdict = solve(start, engine="python", ordering=False).result
        dead = native.native_hopeless(start)
        assert not dead or verdict == "lost", (seed, verdict)
        flagged += dead
        lost += verdict == "lost"
    assert flagged >= 3 and lost > flagged  # it fires, and it is a test, not a verdict: some lost go unseen


@pytest.mark.skipif(native.load() is None, reason="no C compiler")
@pytest.mark.parametrize(("rules", "at_least"), [
    ({"foundation_to_tableau": False}, 15),
    ({"foundation_to_tableau": True}, 15),
    ({"build": Build.ANY_SUIT}, 5),
    ({"empty_pile": EmptyPile.ANY}, 12),
])
def test_dead_position_test_reads_the_stock_in_drawing_order(rules, at_least):
    """One pile and a fourteen-card stock: deadness that only the drawing order shows is found, soundly.

    A card drawn before the card it needs is buried by every later draw; the test's windows see that. (Taking
    stock cards as free whenever drawn, as a timeless test would, flags 5, 6, 1 and 7 of these positions.)
    """
    import random

    flagged, lost = 0, 0
    for seed, start in random_positions(_tight_moon(layout=((0, 2),), **rules), 300, random.Random(7)):
        verdict = solve(start, engine="python", ordering=False).result
        dead = native.native_hopeless(start)
        assert not dead or verdict == "lost", (seed, verdict)
        flagged += dead
        lost += verdict == "lost"
    assert at_least <= flagged < lost


def _dead_by_the_rule(start) -> bool:
    """docs/solver.md's dead-position rule written out plainly, window by window, with no shortcuts: a
    reference for the core's test (which skips windows and updates in place)."""
    from wispwidget.cards import rank_of, suit_of

    spec = start.spec
    top, any_suit, empty_any = spec.deck.top_rank, spec.build is Build.ANY_SUIT, spec.empty_pile is EmptyPile.ANY
    piles = [list(pile.down) + list(pile.up) for pile in start.tableau]
    stream = list(start.waste) + list(start.stock)  # the waste bottom first, then the stock in drawing order
    on_found = {card for foundation in start.foundations for card in foundation}
    moves, to_found = set(), set()  # card instances: ("t", pile, index) or ("s", stream index)

    def somewhere_to_go(card, tops, empty):
        if rank_of(card) == 1 or card - 4 in on_found or (empty and (empty_any or rank_of(card) == top)):
            return True
        return any(rank_of(t) == rank_of(card) + 1 and (any_suit or suit_of(t) == suit_of(card)) for t in tops)

    for drawn in range(len(start.waste), len(stream) + 1):  # window: the first `drawn` stream cards exist
        card_of = {("t", p, j): c for p, cards in enumerate(piles) for j, c in enumerate(cards)}
        card_of.update({("s", i): stream[i] for i in range(drawn)})
        changed = True
        while changed:
            changed = False
            uncovered = {}
            for p, cards in enumerate(piles):
                for j in reversed(range(len(cards))):
                    above = ("t", p, j + 1)
                    uncovered["t", p, j] = j == len(cards) - 1 or (above in moves and uncovered[above])
            clear = True
            for i in reversed(range(drawn)):
                uncovered["s", i] = clear or ("s", i) in moves
                clear = clear and ("s", i) in moves
            tops = {c for k, c in card_of.items() if (uncovered[k] if k[0] == "t" else k in moves)}
            if spec.foundation_to_tableau:
                tops |= on_found
            empty = any(not cards or ("t", p, 0) in moves for p, cards in enumerate(piles))
            for k, c in card_of.items():
                if k not in to_found and uncovered[k] and (rank_of(c) == 1 or c - 4 in on_found):
                    to_found.add(k), on_found.add(c)
                    changed = True
                if k not in moves and uncovered[k] and somewhere_to_go(c, tops, empty):
                    moves.add(k)
                    changed = True
    every = [("t", p, j) for p, cards in enumerate(piles) for j in range(len(cards))]
    return any(k not in to_found for k in every + [("s", i) for i in range(len(stream))])


@pytest.mark.skipif(native.load() is None, reason="no C compiler")
def test_the_cores_dead_position_test_follows_the_rule_as_written():
    """The core's fast fixpoint (windows skipped, cards updated in place) finds what the plain rule finds."""
    import random

    from wispwidget.games.catalogue import get_game

    rng = random.Random(5)
    cases = [(_tight_moon(layout=layout, **rules), 120) for layout in (((0, 3),) * 3, ((0, 2),))
             for rules in ({}, {"foundation_to_tableau": False}, {"build": Build.ANY_SUIT},
                           {"empty_pile": EmptyPile.ANY})]
    cases.append((get_game("waxing-moon"), 25))
    seen = set()
    for spec, count in cases:
        for seed, start in random_positions(spec, count, rng):
            dead = native.native_hopeless(start)
            assert dead == _dead_by_the_rule(start), (spec.variant, seed)
            seen.add(dead)
    assert seen == {True, False}


def test_position_keys_tell_wastes_with_the_same_size_apart():
    """Which drawn cards are still on the waste is part of a position (the reference search once missed wins)."""
    one = position("mini-moon", piles=["| 4S 3S"], waste="AS", rest="stock")
    other = position("mini-moon", piles=["| 4S 3S"], waste="2S", rest="stock")
    assert len(one.stock) == len(other.stock) and Game(one).key() != Game(other).key()


@pytest.mark.skipif(native.load() is None, reason="no C compiler")
@pytest.mark.parametrize("algorithm", ["beam", "restarts"])
def test_waste_game_searches_with_the_dead_position_test_are_sound(algorithm):
    """Beams and restarts that prune dead positions still give the verdicts of a plain exhaustive search."""
    import random

    verdicts = []
    strategy = native.Strategy(algorithm=algorithm, weights=native.FORTY_WEIGHTS, restart_chunk=0 if algorithm == "beam"
                               else 50, beam_width=2, stage_cap=20, final_cap=50)
    for seed, start in random_positions(_tight_moon(layout=((0, 2),)), 150, random.Random(11)):
        verdict, line = _core_solve(start, strategy)
        assert verdict == solve(start, engine="python", ordering=False).result, seed
        if verdict == "won":  # the line replays in the engine (this variant has no catalogue name)
            game = Game(start)
            for move in line:
                game.push(move)
            assert game.is_won(), seed
        verdicts.append(verdict)
    assert verdicts.count("won") >= 50 and verdicts.count("lost") >= 20  # both verdicts are really reached


@pytest.mark.skipif(native.load() is None, reason="no C compiler")
def test_dead_position_test_never_fires_on_a_winning_line():
    """Along the solver's winning lines of real Waxing Moon deals, no position is called dead."""
    for seed in (24, 35, 182):  # deals the solver wins quickly
        game = deal("waxing-moon", seed)
        result = solve(game.position(), max_positions=1_000_000)
        assert result.result == "won", seed
        assert not native.native_hopeless(game.position())
        for move in result.moves:
            game.push(move)
            assert not native.native_hopeless(game.position()), (seed, len(game.moves_played))
    with pytest.raises(ValueError, match="no dead-position test applies"):
        native.native_hopeless(deal("black-widow", 1).position())  # two decks: neither test applies


def test_a_hint_where_no_card_can_be_shown_offers_no_move_even_when_the_loss_is_not_proved():
    """A player's Black Widow game (deal 3, move 118; the stock dealt, 19 cards face down under runs that cannot
    move): no win is found within the budget, nor proved impossible, and no way to show a card is in reach. The
    hints moved 5♥–A♥ between the two 6♥ for ever; now the hint offers no move and says why."""
    from pathlib import Path

    from wispwidget.io.formats import read_position

    game = Game(read_position((Path(__file__).parent / "data" / "black_widow_stuck.json").read_text()), validate=False)
    hint = Hinter(max_positions=20_000).hint(game)
    assert hint.verdict == "unknown" and hint.move is None and game.legal_moves()
    assert "No move within reach shows a new card" in hint.message


def test_a_deal_that_is_the_only_move_is_hinted_at_once():
    """Will o' the Wisp deal 1 after 4♦ onto 5♠: dealing is the only move, and the hint searched 200,000 positions
    (five seconds) to say so; now a short search, for a winning line if one is near."""
    from wispwidget.search.hints import ONLY_MOVE_POSITIONS

    game = deal("will-o-the-wisp", 1)
    while len(game.legal_moves()) > 1:
        game.play(next(m for m in game.legal_moves() if not m.is_stock))
    (only,) = game.legal_moves()
    assert only.is_stock
    hint = Hinter().hint(game)
    assert hint.move == only and hint.only and not hint.proved  # not a suggestion: there is nothing to choose
    assert hint.positions <= ONLY_MOVE_POSITIONS and hint.message == "Deal now: it is the only move."
