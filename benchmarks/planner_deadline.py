"""The no-peek planner cut short by its second: how often its choice is still the one it makes with no limit.

Run: ``python benchmarks/planner_deadline.py [--game widow] [--deals 1001-1016] [--limits 0.9,0.45,0.2]
[--workers 2] [--json out.json]``.

Each deal is played by ``PlannerPlayer(time_limit=None)`` under the referee; every decision whose plan took
longer than the smallest limit is kept (its information set, settings and plan). Each kept decision is then
planned again with each limit (the core's seconds: ``PlannerPlayer`` gives the core 0.9 of its second), and the
plan compared with the unlimited one. A decision is *cut* at a limit when its unlimited plan took longer than
that limit; the report gives, for each limit, the share of all decisions cut and how many cut decisions still
chose the unlimited plan. The deals are tuning deals (1001 and up). Timings depend on the machine and its load:
run it with nothing else busy (the workers share the cores as the referee's do in ``honest_play.py``).
docs/honest-play.md, "A second a decision", has the figures.
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from wispwidget.engine.dealing import deal_position
from wispwidget.games.catalogue import get_game
from wispwidget.search import planner as planner_module
from wispwidget.search.players import PlannerPlayer, play_game
from wispwidget.studies.study import parse_range

GAMES = {"wisp": ("will-o-the-wisp", "standard"), "relaxed": ("will-o-the-wisp", "relaxed"),
         "widow": ("black-widow", "standard"), "spider1": ("spider", "one-suit")}


def measure_deal(args: tuple[str, int, tuple[float, ...]]) -> dict[str, Any]:
    """One deal (runs in a worker): decisions made, and for each limit those cut and those that still agree."""
    name, seed, limits = args
    real_plan, slow, decisions = planner_module.plan, [], [0]

    def timed(info: Any, settings: Any = None, **options: Any) -> planner_module.Plan:
        started = time.perf_counter()
        found = real_plan(info, settings, **options)
        seconds = time.perf_counter() - started
        decisions[0] += 1
        if seconds > min(limits):
            slow.append((info, settings, found.moves, seconds))
        return found

    planner_module.plan = timed  # PlannerPlayer imports plan from the module at each decision
    try:
        played = play_game(deal_position(get_game(*GAMES[name]), seed), PlannerPlayer(time_limit=None), seed=seed)
    finally:
        planner_module.plan = real_plan
    cut, agree = [0] * len(limits), [0] * len(limits)
    for info, settings, moves, seconds in slow:
        for i, limit in enumerate(limits):
            if seconds > limit:
                cut[i] += 1
                agree[i] += real_plan(info, settings, time_limit=limit).moves == moves
    return {"deal": seed, "won": played.won, "decisions": decisions[0], "cut": cut, "agree": agree}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="widow", choices=sorted(GAMES))
    parser.add_argument("--deals", default="1001-1016")
    parser.add_argument("--limits", default="0.9,0.45,0.2", help="the core's seconds a decision, comma-separated")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", help="write the report here")
    options = parser.parse_args()
    limits = tuple(float(x) for x in options.limits.split(","))
    seeds = parse_range(options.deals)
    with ProcessPoolExecutor(options.workers) as pool:
        deals = list(pool.map(measure_deal, [(options.game, s, limits) for s in seeds]))
    decisions = sum(d["decisions"] for d in deals)
    report = {"game": options.game, "deals": options.deals, "decisions": decisions, "limits": []}
    print(f"{options.game}, deals {options.deals}: {decisions} decisions of the planner")
    for i, limit in enumerate(limits):
        cut, agree = sum(d["cut"][i] for d in deals), sum(d["agree"][i] for d in deals)
        report["limits"].append({"seconds": limit, "cut": cut, "agree": agree})
        print(f"  {limit:g} s: {cut} cut ({100 * cut / max(decisions, 1):.1f}% of decisions), "
              f"{agree} of them ({100 * agree / max(cut, 1):.0f}%) chose the plan made with no limit")
    if options.json:
        Path(options.json).write_text(json.dumps(report, indent=1) + "\n")


if __name__ == "__main__":
    main()
