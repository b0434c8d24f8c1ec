"""Random-playout speed of the engine: moves played and undone per second, per game.

Run: ``python benchmarks/playout_speed.py [--seconds 2]``. Each game plays random
legal moves from successive deals until stuck or won, then undoes them all;
a played-and-undone move counts once.
"""

from __future__ import annotations

import argparse
import random
import time

from wispwidget import Game, get_game

GAMES = [("will-o-the-wisp", "standard"), ("will-o-the-wisp", "relaxed"), ("black-widow", "standard"),
         ("waxing-moon", "standard"), ("spider", "standard"), ("mini-wisp", "standard")]


def measure(game: str, variant: str, seconds: float) -> tuple[float, float]:
    """(moves played and undone per second, legal-move generations per second)."""
    spec = get_game(game, variant)
    rng = random.Random(0)
    moves = generations = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        seed += 1
        g = Game.new(spec, seed=seed)
        played = 0
        for _ in range(500):
            legal = g.legal_moves()
            generations += 1
            if not legal:
                break
            g.push(rng.choice(legal))
            played += 1
        for _ in range(played):
            g.pop()
        moves += played
    elapsed = time.perf_counter() - start
    return moves / elapsed, generations / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    print(f"{'game':<28} {'moves/s':>10} {'movegen/s':>10}")
    for game, variant in GAMES:
        rate, gen = measure(game, variant, args.seconds)
        print(f"{game + '/' + variant:<28} {rate:>10,.0f} {gen:>10,.0f}")


if __name__ == "__main__":
    main()
