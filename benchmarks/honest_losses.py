"""Where the no-peek player's games are lost: its lost games, checked at each deal with every card in view.

Run: ``python benchmarks/honest_losses.py [--game wisp] [--deals 1001-1080] [--positions 250000]``.

The planner (``PlannerPlayer``, no time limit, so the games do not depend on the machine's load) plays each
deal under the referee. At each *checkpoint* (the deal before any move, then the position just after each use
of the stock) the real position is kept; for every lost game each checkpoint is solved with every card in view
within ``--positions``. A lost game's *last winnable checkpoint* is the last one the solver proves won: the game
was lost after it. Prints one line per deal (``won``, or ``lost`` with each checkpoint's stock size and verdict)
and then how many lost games have each last winnable checkpoint (docs/honest-play.md, "Where the planner's games
are lost"). Use tuning deals (1001 and up).
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

from planner_settings import GAMES  # the same short game names

from wispwidget.engine.dealing import deal_position
from wispwidget.engine.game import Game
from wispwidget.engine.position import Position
from wispwidget.games.catalogue import get_game
from wispwidget.search.players import InformationSet, PlannerPlayer, referee
from wispwidget.search.solver import solve
from wispwidget.studies.study import parse_range


def play_with_checkpoints(position: Position, seed: int) -> tuple[bool, list[tuple[int, Position]]]:
    """Whether the planner won, and (stock size, real position) at the start and after each use of the stock."""
    game = Game(position, validate=False)
    moves = referee(lambda: InformationSet.of(game), PlannerPlayer(time_limit=None), random.Random(seed), 600)
    checkpoints = [(len(game.stock), game.position())]
    while True:
        try:
            game.play(next(moves))
        except StopIteration as end:
            return end.value == "won", checkpoints
        if len(game.stock) != checkpoints[-1][0]:
            checkpoints.append((len(game.stock), game.position()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="wisp", choices=sorted(GAMES))
    parser.add_argument("--deals", default="1001-1080")
    parser.add_argument("--positions", type=int, default=250_000)
    options = parser.parse_args()
    last_winnable: Counter[str] = Counter()
    won = 0
    for seed in parse_range(options.deals):
        game_won, checkpoints = play_with_checkpoints(deal_position(get_game(*GAMES[options.game]), seed), seed)
        if game_won:
            won += 1
            print(seed, "won", flush=True)
            continue
        verdicts = [(stock, solve(p, max_positions=options.positions).result) for stock, p in checkpoints]
        last = [stock for stock, verdict in verdicts if verdict == "won"]
        last_winnable["none proved winnable" if not last else f"stock {last[-1]}"] += 1
        print(seed, "lost", " ".join(f"{stock}:{verdict}" for stock, verdict in verdicts), flush=True)
    lost = sum(last_winnable.values())
    print(f"won {won}, lost {lost}; lost games by their last winnable checkpoint (its stock size):")
    for where, count in sorted(last_winnable.items(), key=lambda item: -item[1]):
        print(f"  {where}: {count}")


if __name__ == "__main__":
    main()
