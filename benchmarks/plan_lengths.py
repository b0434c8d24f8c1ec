"""How many moves the no-peek planner's plans take, with and without the search for the fewest moves.

Run: ``python benchmarks/plan_lengths.py [--game wisp] [--deals 1-30] [--workers 2] [--json out.json]``.

Each deal is played twice by ``PlannerPlayer(time_limit=None)`` under the referee (``play_game``): with the
default settings, where the moves to the chosen plan's position are the fewest an A* search of
``shortest_positions`` finds, and with ``shortest_positions=0``, the way the best-first search first met that
position. The same position makes the same plan, so the games differ only where fewer moves change what the
referee counts (a visible state seen a fourth time, the move limit). The report gives, for each, the plans'
lengths (moves, the revealing one included: mean, share longer than 10 and than 30, longest), the games won and
the seconds a game. docs/honest-play.md, "How it chooses", has the figures.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from wispwidget.engine.dealing import deal_position
from wispwidget.games.catalogue import get_game
from wispwidget.search import planner as planner_module
from wispwidget.search.planner import PlanSettings
from wispwidget.search.players import PlannerPlayer, play_game
from wispwidget.studies.study import parse_range

GAMES = {"wisp": ("will-o-the-wisp", "standard"), "relaxed": ("will-o-the-wisp", "relaxed"),
         "widow": ("black-widow", "standard"), "spider1": ("spider", "one-suit")}
WAYS = {"fewest moves": {}, "first way found": {"shortest_positions": 0}}


def play_deal(args: tuple[str, int, str]) -> dict[str, Any]:
    """One deal played one way (runs in a worker): the length of every plan, whether it was won, the seconds."""
    name, seed, way = args
    spec = get_game(*GAMES[name])
    lengths: list[int] = []
    real_plan = planner_module.plan

    def counted(*a: Any, **k: Any) -> planner_module.Plan:
        found = real_plan(*a, **k)
        lengths.append(len(found.moves))
        return found

    planner_module.plan = counted  # PlannerPlayer imports plan when it decides, so it calls this one
    try:
        settings = dataclasses.replace(PlanSettings.for_game(spec.key), **WAYS[way])
        started = time.perf_counter()
        game = play_game(deal_position(spec, seed), PlannerPlayer(settings=settings, time_limit=None), seed=seed)
        return {"seed": seed, "way": way, "won": game.won, "moves": len(game.moves), "lengths": lengths,
                "seconds": time.perf_counter() - started}
    finally:
        planner_module.plan = real_plan


def summary(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Plan lengths, games won and seconds of one way of playing."""
    lengths = [n for r in records for n in r["lengths"] if n]
    seconds = sorted(r["seconds"] for r in records)
    return {"deals": len(records), "won": sum(r["won"] for r in records), "plans": len(lengths),
            "mean_length": round(sum(lengths) / max(1, len(lengths)), 2),
            "share_over_10": round(sum(n > 10 for n in lengths) / max(1, len(lengths)), 4),
            "share_over_30": round(sum(n > 30 for n in lengths) / max(1, len(lengths)), 4),
            "longest": max(lengths, default=0), "game_seconds_median": round(seconds[len(seconds) // 2], 3)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), default="wisp")
    parser.add_argument("--deals", default="1-30", help="A-B (inclusive)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", type=Path, help="write the report here")
    options = parser.parse_args()
    jobs = [(options.game, seed, way) for way in WAYS for seed in parse_range(options.deals)]
    with ProcessPoolExecutor(options.workers) as pool:
        records = list(pool.map(play_deal, jobs))
    report = {"game": "/".join(GAMES[options.game]), "deals": options.deals,
              **{way: summary([r for r in records if r["way"] == way]) for way in WAYS}}
    for way in WAYS:
        s = report[way]
        print(f"{way}: {s['plans']} plans, mean {s['mean_length']} moves, {s['share_over_10']:.1%} longer than 10, "
              f"{s['share_over_30']:.1%} longer than 30, longest {s['longest']}; won {s['won']}/{s['deals']}, "
              f"{s['game_seconds_median']} s a game (median)")
    if options.json:
        options.json.write_text(json.dumps(report, indent=2) + "\n")


if __name__ == "__main__":
    main()
