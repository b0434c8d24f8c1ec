"""The price of not seeing the cards, with no player's weakness in it: the best honest play on small decks.

Run: ``python benchmarks/honest_ceiling.py [--deals 1-200] [--rows a4,a5]
[--players no-peek,plain,revisit,cautious,plans,per-move,uct,heuristic] [--mistakes] [--planner-losses]
[--json out.json]``.

On Will o' the Wisp rules dealt from a few cards, ``honest_value`` (wispwidget/search/honest_optimum.py) settles
the best any no-peek player can expect from each deal's start, exactly (an average over the arrangements of
the unseen cards consistent with the first cards seen). Beside it, on the same deals: the share the solver
proves won (it sees every card), and the shares honest players actually win under the referee: the no-peek
planner (``no-peek``, ``PlannerPlayer`` with no time limit, so the row does not depend on the machine's load),
the plain hindsight vote (``plain``, the ``hindsight`` player), the same counting lines that go back to a state seen
once (``revisit``) and also voting again before each reveal (``cautious``), plans checked against every
arrangement (``plans``: 8 arrangements, 4 plans), classic hindsight optimisation move by move (``per-move``),
information-set UCT with rule-of-thumb roll-outs (``uct``, 300 iterations; the variants are in
benchmarks/honest_variants.py) and the rule-of-thumb player (``heuristic``). Shares won come with 95% Wilson
intervals; the best honest play's mean with a 95% normal interval over the deals (its value on each deal is
exact; the deals vary). ``--mistakes`` also classifies the plain vote's first move worth less than the best;
``--planner-losses`` sums, by kind, what every move of the no-peek planner worth less than the best loses.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections import Counter
from typing import Any

from honest_variants import Cautious, PerMove, Revisit, UctPlayer  # (benchmarks/ is on the path when this file is run)

from wispwidget.engine.dealing import deal_position
from wispwidget.engine.game import Game
from wispwidget.games.catalogue import tiny_wisp
from wispwidget.games.spec import GameSpec
from wispwidget.search.honest_optimum import honest_move_values, honest_value
from wispwidget.search.players import (
    MAX_MOVES,
    HeuristicPlayer,
    HindsightPlayer,
    InformationSet,
    PlannerPlayer,
    play_game,
    reveals,
)
from wispwidget.search.solver import solve
from wispwidget.studies.stats import wilson_interval
from wispwidget.studies.study import parse_range

PLAYERS = {"no-peek": lambda: PlannerPlayer(time_limit=None),
           "plain": lambda: HindsightPlayer(), "revisit": lambda: Revisit(), "cautious": lambda: Cautious(),
           "plans": lambda: HindsightPlayer(samples=8, candidates=4),
           "per-move": lambda: PerMove(), "uct": lambda: UctPlayer(iterations=300),
           "heuristic": lambda: HeuristicPlayer()}


ROWS = {"a4": tiny_wisp(4, 3), "a5": tiny_wisp(5, 3)}


def measure(spec: GameSpec, seeds: range, max_states: int, players: list[str]) -> dict[str, Any]:
    """One row: the best honest play, the solver and each of ``players`` on ``seeds``."""
    values, solved, states, started = [], 0, 0, time.perf_counter()
    wins = dict.fromkeys(players, 0)
    for seed in seeds:
        position = deal_position(spec, seed)
        value = honest_value(Game(position, validate=False), max_states)
        if not value.settled:
            raise SystemExit(f"deal {seed} of {spec.name} was not settled within {max_states:,} states")
        values.append(value.win_probability)
        states = max(states, value.states)
        solved += solve(position, max_positions=1_000_000).result == "won"
        for name in players:
            wins[name] += play_game(position, PLAYERS[name](), seed=seed).won
    n = len(values)
    mean = sum(values) / n
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / max(1, n - 1) / n)

    def share(won: int) -> dict[str, float]:
        low, high = wilson_interval(won, n)
        return {"won": won, "share": won / n, "low": low, "high": high}

    return {"game": spec.name, "deals": n, "first_deal": seeds[0], "last_deal": seeds[-1],
            "best_honest": {"mean": mean, "low": max(0.0, mean - 1.96 * spread),
                            "high": min(1.0, mean + 1.96 * spread)},
            "thoughtful": share(solved), "players": {name: share(won) for name, won in wins.items()},
            "most_states": states, "seconds": round(time.perf_counter() - started, 1)}


def first_mistakes(spec: GameSpec, seeds: range) -> Counter[tuple[str, str]]:
    """Where the plain vote first plays a move worth less than the best honest play's, one per game that has
    one: the kind of move (a deal, a move that turns a card, another) and whether it was voted on or was the
    next move of a line being followed."""
    kinds: Counter[tuple[str, str]] = Counter()
    for seed in seeds:
        game = Game(deal_position(spec, seed), validate=False)
        player, rng = HindsightPlayer(), random.Random(seed)
        for _ in range(MAX_MOVES):
            info = InformationSet.of(game)
            if info.is_won or not info.legal_moves:
                break
            following = player.follows_plan(info)
            move = player.choose(info, rng)
            values = honest_move_values(info, 10**7) or {}
            if values and values[move] < max(values.values()) - 1e-9:
                kind = "deal" if move.is_stock else "turn" if reveals(info, move) else "other"
                kinds[kind, "following a line" if following else "voted"] += 1
                break
            game.push(move)
    return kinds


def _kind(info: InformationSet, move) -> str:
    return "deal" if move.is_stock else "turn" if reveals(info, move) else "other"


def planner_losses(spec: GameSpec, seeds: range) -> dict[str, dict[str, float]]:
    """Where the no-peek planner (no time limit) gives away winning chances: every move it plays that is worth
    less than the best honest play's, by the kind of move played and the kind of the best one (a deal, a move that
    turns a card, another), with how many such moves and the chance of winning they lose in all (in games)."""
    lost: dict[str, dict[str, float]] = {}
    for seed in seeds:
        game = Game(deal_position(spec, seed), validate=False)
        player, rng = PlannerPlayer(time_limit=None), random.Random(seed)
        for _ in range(MAX_MOVES):
            info = InformationSet.of(game)
            if info.is_won or not info.legal_moves:
                break
            move = player.choose(info, rng)
            values = honest_move_values(info, 10**7) or {}
            best = max(values.values(), default=0.0)
            if values and values[move] < best - 1e-9:
                best_move = max(values, key=values.__getitem__)
                key = f"{_kind(info, move)} played, {_kind(info, best_move)} best"
                entry = lost.setdefault(key, {"moves": 0, "games": 0.0})
                entry["moves"] += 1
                entry["games"] = round(entry["games"] + best - values[move], 4)
            game.push(move)
    return dict(sorted(lost.items(), key=lambda item: -item[1]["games"]))


def describe(row: dict[str, Any]) -> str:
    """A row for a person."""
    best = row["best_honest"]

    def pct(part: dict[str, float]) -> str:
        return (f"{part['won']}/{row['deals']} = {100 * part['share']:.1f}% "
                f"({100 * part['low']:.1f}-{100 * part['high']:.1f}%)")

    return (f"{row['game']}, deals {row['first_deal']}-{row['last_deal']}:\n"
            f"  thoughtful (solver, sees every card): {pct(row['thoughtful'])}\n"
            f"  best honest play (exact, mean over deals): {100 * best['mean']:.1f}% "
            f"({100 * best['low']:.1f}-{100 * best['high']:.1f}%)\n"
            + "".join(f"  {name} player: {pct(part)}\n" for name, part in row["players"].items())
            + f"  ({row['most_states']:,} visible states at most for one deal; {row['seconds']} s)"
            + "".join(f"\n  the plain vote's first mistake: {kind}: {count} games"
                      for kind, count in row.get("first_mistakes", {}).items())
            + "".join(f"\n  the planner's losses, {kind}: {lost['moves']} moves, {lost['games']:.2f} games"
                      for kind, lost in row.get("planner_losses", {}).items()))


def main(argv: list[str] | None = None) -> list[dict[str, Any]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="1-200", help="A-B (inclusive), or N for 1-N")
    parser.add_argument("--rows", default=",".join(ROWS), help="of: " + ", ".join(ROWS))
    parser.add_argument("--players", default=",".join(PLAYERS), help="of: " + ", ".join(PLAYERS))
    parser.add_argument("--max-states", type=int, default=2_000_000, help="visible states one deal may take")
    parser.add_argument("--mistakes", action="store_true",
                        help="also classify the plain vote's first move worth less than the best honest play's")
    parser.add_argument("--planner-losses", action="store_true",
                        help="also sum what the no-peek planner's moves lose against the best honest play's, by kind")
    parser.add_argument("--json", default=None, help="write the rows here")
    args = parser.parse_args(argv)
    report = []
    for name in args.rows.split(","):
        row = measure(ROWS[name], parse_range(args.deals), args.max_states, args.players.split(","))
        if args.mistakes:
            mistakes = first_mistakes(ROWS[name], parse_range(args.deals))
            row["first_mistakes"] = {f"{kind}, {how}": count for (kind, how), count in mistakes.most_common()}
        if args.planner_losses:
            row["planner_losses"] = planner_losses(ROWS[name], parse_range(args.deals))
        print(describe(row), flush=True)
        report.append(row)
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(report, handle, indent=2)
    return report


if __name__ == "__main__":
    main()
