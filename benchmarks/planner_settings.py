"""The no-peek planner's settings, measured: games won on the same deals for each setting tried.

Run: ``python benchmarks/planner_settings.py [--game wisp] [--deals 1001-2000] [--workers 2]
[--try root_positions=10000 --try worlds=16,after_positions=600 ...]``.

Each game is played to the end by the C core's test hook ``wisp_plan_selfplay``: before each plan the hidden
cards are put back in sorted order, so the planner reads them as a multiset only, exactly as
``players.PlannerPlayer`` hands them over; once nothing is hidden the solver plays. It is the planner's own
loop without the referee's Python, about three times faster, so that settings can be compared on a thousand
deals at a time; ``benchmarks/honest_play.py`` measures the player itself, under the referee. The first row
is ``PlanSettings.for_game(game)`` (the game's defaults; ``--no-own`` skips it); each ``--try`` changes the
fields it names, and ``weights=a/b/c/...`` replaces the heuristic's weights for the game
(``native.default_weights``; the field ``PlanSettings.weights``; docs/honest-play.md, "Tuning").
The deals are the tuning deals (1001 and up), not those ``honest_play.py`` reports (1-1000). Each share has a
95% Wilson interval.
"""

from __future__ import annotations

import argparse
import ctypes
import dataclasses
import time
from concurrent.futures import ProcessPoolExecutor

from wispwidget.engine.dealing import deal_position
from wispwidget.games.catalogue import get_game
from wispwidget.search import native
from wispwidget.search.planner import PlanSettings, _settings
from wispwidget.studies.stats import wilson_interval
from wispwidget.studies.study import parse_range

GAMES = {"wisp": ("will-o-the-wisp", "standard"), "relaxed": ("will-o-the-wisp", "relaxed"),
         "widow": ("black-widow", "standard"), "spider1": ("spider", "one-suit")}
ENDGAME_POSITIONS = 200_000  # players.PlannerPlayer.endgame_positions


def play(args: tuple[str, list[int], PlanSettings]) -> list[tuple[int, int, float]]:
    """(deal, won, seconds) for each deal, played by the planner with these settings (runs in a worker).

    The settings' ``weights``, when not empty, replace the heuristic's weights for the planner only: the solve
    once every card is seen keeps the game's own, as the player's solver does.
    """
    name, seeds, settings = args
    lib = native.load_test_hooks()
    if lib is None:
        raise SystemExit(f"the C core's test build is not available: {native.why_unavailable}")
    out = []
    for seed in seeds:
        position = deal_position(get_game(*GAMES[name]), seed)
        blob = native.encode_position(position)
        data = (ctypes.c_uint8 * len(blob)).from_buffer_copy(blob)
        stats = (ctypes.c_int32 * 3)()
        spec = settings.encode_spec(position)
        solve_spec = native.encode_spec(position)  # the player's solver keeps the game's own weights
        chosen = _settings(dataclasses.replace(settings, seed=seed))
        started = time.perf_counter()
        won = lib.wisp_plan_selfplay(ctypes.byref(spec), ctypes.byref(solve_spec), ctypes.byref(chosen), data,
                                     len(blob), ENDGAME_POSITIONS, stats)
        if won < 0:
            raise RuntimeError(f"the planner failed on deal {seed}: {native.FAILURES.get(won, won)}")
        out.append((seed, won, time.perf_counter() - started))
    return out


def measure(name: str, seeds: range, settings: PlanSettings, workers: int) -> tuple[int, int, float]:
    """Games won, games played, and the median seconds a game."""
    chunks = [list(seeds[i::4 * workers]) for i in range(4 * workers)]
    with ProcessPoolExecutor(workers) as pool:
        results = [r for part in pool.map(play, [(name, c, settings) for c in chunks if c]) for r in part]
    seconds = sorted(r[2] for r in results)
    return sum(r[1] for r in results), len(results), seconds[len(seconds) // 2]


def changed(name: str, text: str) -> PlanSettings:
    """The game's own settings (``PlanSettings.for_game``) with the fields of ``field=value,field=value``
    changed (``weights=a/b/c...`` replaces the heuristic's weights: ``PlanSettings.changes``)."""
    return PlanSettings.for_game(get_game(*GAMES[name]).key, **PlanSettings.changes(text))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="wisp", choices=sorted(GAMES))
    parser.add_argument("--deals", default="1001-2000")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--try", dest="tries", action="append", default=[], metavar="FIELD=N,...")
    parser.add_argument("--no-own", action="store_true",
                        help="skip the first row (the game's own settings), when it was measured on these deals")
    options = parser.parse_args()
    seeds = parse_range(options.deals)
    for text in ([] if options.no_own else [""]) + options.tries:
        settings = changed(options.game, text)
        won, played, seconds = measure(options.game, seeds, settings, options.workers)
        low, high = wilson_interval(won, played)
        print(f"{options.game} {text or 'defaults'}: won {won}/{played} = {100 * won / played:.1f}% "
              f"(95% {100 * low:.1f}-{100 * high:.1f}%), {seconds:.2f} s a game (median)", flush=True)


if __name__ == "__main__":
    main()
