"""Win rates: thoughtful solver vs a heuristic player vs the no-peek players, on the same deals.

Run: ``python benchmarks/honest_play.py [--deals 1-200] [--games wisp,relaxed,widow,spider1] [--workers 1]
[--players thoughtful,heuristic,no-peek,hindsight] [--planner caution=15] [--json out.json]
[--records deals.jsonl]``.

``no-peek`` is the planner (``PlannerPlayer``, a second a decision, its default settings or those ``--planner``
changes: ``field=N,...`` of ``PlanSettings``); ``hindsight`` is the older hindsight vote (``HindsightPlayer``, its
settings from ``--samples``, ``--max-positions`` and ``--candidates``).

The thoughtful figure is the share of deals the solver proves won (a lower bound on the thoughtful-winnable
share); the players' figures are games they actually won without seeing hidden cards, played under the
referee (``play_game``), which hands them only information sets. Each share comes with a 95% Wilson interval.
For the honest players the seconds each move took to choose are reported too (median, 95th percentile and
the slowest), and the seconds a game took. ``--records`` writes one JSON line per deal as it finishes, so a
long run that is stopped keeps what it measured. ``--deals 200`` means deals 1-200.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from wispwidget.engine.dealing import deal_position
from wispwidget.games.catalogue import get_game
from wispwidget.search.planner import PlanSettings
from wispwidget.search.players import PLAYERS, HindsightPlayer, PlannerPlayer, Player, play_game
from wispwidget.studies.stats import percentile, wilson_interval
from wispwidget.studies.study import StudyJob, parse_range, progress_bar, study

# (short name, game, variant, the thoughtful solver's budget)
GAMES = [("wisp", "will-o-the-wisp", "standard", 250_000), ("relaxed", "will-o-the-wisp", "relaxed", 250_000),
         ("widow", "black-widow", "standard", 1_000_000), ("spider1", "spider", "one-suit", 1_000_000)]
PLAYER_NAMES = ["thoughtful", "heuristic", "no-peek"]  # and "hindsight", asked for by name


class TimedPlayer(Player):
    """A player wrapped to record the seconds each choice took."""

    def __init__(self, inner: Player) -> None:
        self.inner, self.name, self.seconds = inner, inner.name, []

    def reset(self) -> None:
        self.inner.reset()

    def choose(self, info, rng: random.Random):
        started = time.perf_counter()
        move = self.inner.choose(info, rng)
        self.seconds.append(time.perf_counter() - started)
        return move


def make_player(name: str, key: str, options: dict[str, Any]) -> Player:
    """A fresh honest player for the game ``key`` (``game/variant``); ``options`` are its own: the hindsight
    vote's samples, budget and candidate plans, or the fields of the planner's settings that differ from the
    game's own (``PlanSettings.for_game``)."""
    if name == "hindsight":
        return HindsightPlayer(**options)
    if name == "no-peek" and options:
        return PlannerPlayer(settings=PlanSettings.for_game(key, **options))
    return PLAYERS[name]()


def play_deal(game: str, variant: str, seed: int, player: str, options: dict[str, Any]) -> dict[str, Any]:
    """One deal played by an honest player (runs in a worker): won or not, moves, seconds per move."""
    spec = get_game(game, variant)
    position = deal_position(spec, seed)
    timed = TimedPlayer(make_player(player, spec.key, options))
    started = time.perf_counter()
    played = play_game(position, timed, seed=seed)
    return {"game": game, "variant": variant, "seed": seed, "player": player, "won": played.won,
            "reason": played.reason, "moves": len(played.moves), "seconds": round(time.perf_counter() - started, 3),
            "solves": getattr(timed.inner, "solves", 0), "move_seconds": [round(s, 4) for s in timed.seconds]}


def load_core() -> None:
    """Load (or build) the C core before any move is timed: a worker's first move would include it."""
    from wispwidget.search import native

    native.load()


def run_player(game: str, variant: str, seeds: range, player: str, options: dict[str, Any], workers: int,
               records) -> list[dict[str, Any]]:
    """Every deal of ``seeds`` played by ``player``, with a progress bar; each record also written to ``records``."""
    show = progress_bar()
    results = []
    if workers <= 1:
        load_core()
        stream = (play_deal(game, variant, seed, player, options) for seed in seeds)
        pool = None
    else:
        pool = ProcessPoolExecutor(max_workers=workers, initializer=load_core)
        futures = [pool.submit(play_deal, game, variant, seed, player, options) for seed in seeds]
        stream = (future.result() for future in as_completed(futures))
    try:
        for record in stream:
            results.append(record)
            if records is not None:
                records.write(json.dumps(record) + "\n")
                records.flush()
            show(len(results), len(seeds))
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    return sorted(results, key=lambda r: r["seed"])


def summary_line(game: str, variant: str, player: str, won: int, deals: int, first: int, last: int,
                 results: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """A report line: the share won with its 95% Wilson interval, and for a player its seconds per move."""
    low, high = wilson_interval(won, deals)
    line = {"game": game, "variant": variant, "player": player, "deals": deals, "first_deal": first,
            "last_deal": last, "won": won, "won_share": won / deals if deals else 0.0, "low": low, "high": high}
    if results:
        moves = [s for r in results for s in r["move_seconds"]]
        games = [r["seconds"] for r in results]
        line.update(move_seconds_median=percentile(moves, 0.5), move_seconds_p95=percentile(moves, 0.95),
                    move_seconds_max=max(moves, default=0.0), game_seconds_median=percentile(games, 0.5),
                    moves_median=percentile([r["moves"] for r in results], 0.5),
                    reasons={reason: sum(r["reason"] == reason for r in results)
                             for reason in sorted({r["reason"] for r in results})})
    return line


def describe(line: dict[str, Any]) -> str:
    """A report line for a person."""
    text = (f"  {line['player']}: won {line['won']}/{line['deals']} = {100 * line['won_share']:.1f}% "
            f"(95% {100 * line['low']:.1f}-{100 * line['high']:.1f}%), deals {line['first_deal']}-{line['last_deal']}")
    if "move_seconds_median" in line:
        text += (f"; seconds a move: median {line['move_seconds_median']:.3f}, p95 {line['move_seconds_p95']:.3f}, "
                 f"max {line['move_seconds_max']:.2f}; a game: median {line['game_seconds_median']:.1f} s")
    return text


def summarise_records(paths: list[str], out: str | None = None) -> list[dict[str, Any]]:
    """Report lines from ``--records`` files (a run stopped and resumed on the next deals is one run)."""
    groups: dict[tuple, dict[int, dict[str, Any]]] = {}
    for path in paths:
        with open(path) as handle:
            for text in handle:
                record = json.loads(text)
                groups.setdefault((record["game"], record["variant"], record["player"]), {})[record["seed"]] = record
    report = []
    for (game, variant, player), by_seed in groups.items():
        results = [by_seed[seed] for seed in sorted(by_seed)]
        timed = [r for r in results if "move_seconds" in r]
        line = summary_line(game, variant, player, sum(r["won"] for r in results), len(results),
                            results[0]["seed"], results[-1]["seed"], timed)
        line["seeds_won"] = [r["seed"] for r in results if r["won"]]
        if len(timed) < len(results):
            line["deals_timed"] = len(timed)
        report.append(line)
        print(f"{game}/{variant}")
        print(describe(line) + (f" (seconds a move from {len(timed)} of the deals)" if len(timed) < len(results)
                                else ""))
    if out:
        with open(out, "w") as handle:
            json.dump(report, handle, indent=2)
    return report


def main(argv: list[str] | None = None) -> list[dict[str, Any]]:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", default="1-200", help="A-B (inclusive), or N for 1-N")
    parser.add_argument("--games", default=",".join(g[0] for g in GAMES), help="of: " + ", ".join(g[0] for g in GAMES))
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--players", default=",".join(PLAYER_NAMES))
    parser.add_argument("--samples", type=int, default=HindsightPlayer.samples,
                        help="hindsight: arrangements a decision")
    parser.add_argument("--max-positions", type=int, default=HindsightPlayer.max_positions,
                        help="hindsight: the solver's budget for each arrangement")
    parser.add_argument("--candidates", type=int, default=HindsightPlayer.candidates,
                        help="hindsight: plans checked against every arrangement (1: the plain hindsight vote)")
    parser.add_argument("--planner", default="", metavar="FIELD=N,...",
                        help="no-peek: PlanSettings fields that differ from the game's own, e.g. caution=15")
    parser.add_argument("--json", default=None, help="write the report lines here")
    parser.add_argument("--records", default=None, help="append one JSON line per played deal here")
    parser.add_argument("--summarise", nargs="+", default=None, metavar="RECORDS",
                        help="play nothing: summarise records written by --records (runs of one game and player)")
    args = parser.parse_args(argv)
    if args.summarise:
        return summarise_records(args.summarise, args.json)
    seeds = parse_range(args.deals) if "-" in args.deals else range(1, int(args.deals) + 1)
    options_of = {  # each honest player's own options
        "hindsight": {"samples": args.samples, "max_positions": args.max_positions, "candidates": args.candidates},
        "no-peek": PlanSettings.changes(args.planner)}
    known = {g[0]: g for g in GAMES}
    chosen = [known[name] for name in args.games.split(",")]
    report = []
    with open(args.records, "a") if args.records else contextlib.nullcontext() as records:
        for _, game, variant, budget in chosen:
            for player in args.players.split(","):
                options = options_of.get(player, {})
                print(f"{game}/{variant} - {player}" + (f" {options}" if options else ""), flush=True)
                if player == "thoughtful":
                    jobs = [StudyJob(game, variant, seed, budget, None, player) for seed in seeds]
                    summary = study(jobs, workers=args.workers, progress=progress_bar())
                    line = summary_line(game, variant, player, summary["won"], summary["deals"], seeds[0], seeds[-1])
                else:
                    results = run_player(game, variant, seeds, player, options, args.workers, records)
                    line = summary_line(game, variant, player, sum(r["won"] for r in results), len(results),
                                        seeds[0], seeds[-1], results)
                    if options:
                        line["options"] = options
                report.append(line)
                print(describe(line), flush=True)
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(report, handle, indent=2)
    return report


if __name__ == "__main__":
    sys.exit(main() and 0)
