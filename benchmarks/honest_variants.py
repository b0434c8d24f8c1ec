"""No-peek player variants that were tried and did not win more (docs/honest-play.md, "What did not help").

Run: ``python benchmarks/honest_variants.py VARIANT [--deals 1-40] [--game will-o-the-wisp] [--variant standard]
[--workers 2] [--samples N]``, with VARIANT one of ``plain`` (the default player), ``dig-first``,
``dig-always``, ``endgame``, ``deeper`` and ``per-move``. Each plays the deals under the referee (it is handed
only information sets, as ``HindsightPlayer`` is) and prints one line per deal (won, moves, seconds) and the
share won. They are kept here, out of the package, so that the negative results can be rerun.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter, deque
from concurrent.futures import ProcessPoolExecutor

from wispwidget.engine.dealing import deal_position
from wispwidget.engine.game import Game
from wispwidget.engine.move import Move
from wispwidget.games.catalogue import get_game
from wispwidget.search.ordering import ordered
from wispwidget.search.players import HindsightPlayer, InformationSet, cut_plan, move_score, next_key, play_game
from wispwidget.studies.stats import wilson_interval
from wispwidget.studies.study import parse_range


class DigFirst(HindsightPlayer):
    """The plain vote over plans: a plan that ends by turning a tableau card beats one that ends with the stock,
    whatever their votes (turning a card tells the player something; a deal commits the stock)."""

    def _plain_vote(self, info, rng, fresh, legal):
        lines: dict[tuple, tuple[Move, ...]] = {}
        votes: Counter[tuple] = Counter()
        for budget in (self.max_positions, 4 * self.max_positions):
            for _ in range(self.samples):
                arrangement = info.sample(rng)
                result = self._solve(arrangement, budget)
                if result.result == "won" and result.moves and result.moves[0] in fresh:
                    _, end = cut_plan(arrangement, result.moves)
                    lines.setdefault(end, result.moves)
                    votes[end] += 1
            if votes:
                break
        if not votes:
            return self.fallback.choose(info, rng), 0, ()

        def rank(end: tuple) -> tuple:
            turns = end[1] is not None and end[1].source != "stock"
            return turns, votes[end], move_score(info, lines[end][0])

        best = max(votes, key=rank)
        return lines[best][0], votes[best], lines[best]


def path_to_turn(info: InformationSet, rng: random.Random, limit: int = 400) -> tuple[Move, ...] | None:
    """The shortest sequence of moves that rearrange visible cards, ending with one that turns a face-down card
    (None when none is found within ``limit`` visible states). Those moves do not depend on hidden cards, so
    any arrangement serves to play them out."""
    arrangement = info.sample(rng)
    seen, queue = {info.key}, deque([()])
    while queue and len(seen) < limit:
        path = queue.popleft()
        game = Game(arrangement, validate=False)
        for move in path:
            game.push(move)
        here = InformationSet.of(game)
        for move in ordered(here.view, [m for m in here.legal_moves if not m.is_stock]):
            key = next_key(here, move)
            if key is None:
                return (*path, move)
            if key not in seen:
                seen.add(key)
                queue.append((*path, move))
    return None


class DigAlways(DigFirst):
    """Dig first, and when every plan found deals (or none is won), walk to the nearest card that can be turned."""

    def _plain_vote(self, info, rng, fresh, legal):
        move, votes, line = super()._plain_vote(info, rng, fresh, legal)
        plan = cut_plan(info.sample(rng), line)[0] if line else ()
        if not plan or plan[-1].is_stock:
            path = path_to_turn(info, rng)
            if path and path[0] in fresh:
                return path[0], votes, path
        return move, votes, line


class Endgame(HindsightPlayer):
    """The plain vote, but once every card has been seen one solve at the thoughtful budget plays the rest."""

    endgame_positions = 1_000_000

    def _vote(self, info, rng):
        if not info.unseen and len(info.legal_moves) > 1:
            fresh = set(self.fallback.candidates(info))
            result = self._solve(info.sample(rng), self.endgame_positions)
            if result.result == "won" and result.moves and result.moves[0] in fresh:
                return result.moves[0], self.samples, result.moves
        return super()._vote(info, rng)


class Deeper(HindsightPlayer):
    """The plain vote with a third, deeper look (3 arrangements at 320,000 positions) before the heuristic
    player takes over."""

    def looks(self) -> tuple[tuple[int, int], ...]:
        return (*super().looks(), (3, 320_000))


class PerMove(HindsightPlayer):
    """Classic hindsight optimisation (Yan et al. 2005): every fresh legal move is played in the same
    ``samples`` arrangements and solved from there; the move won in the most is played."""

    def _vote(self, info, rng):
        if len(info.legal_moves) == 1:
            return info.legal_moves[0], 0, ()
        fresh = set(self.fallback.candidates(info))
        arrangements = [info.sample(rng) for _ in range(self.samples)]
        wins: Counter[Move] = Counter()
        lines: dict[Move, tuple[Move, ...]] = {}
        for move in (m for m in info.legal_moves if m in fresh):
            for arrangement in arrangements:
                game = Game(arrangement, validate=False)
                game.push(move)
                result = self._solve(game, self.max_positions)
                if result.result == "won":
                    wins[move] += 1
                    lines.setdefault(move, (move, *result.moves))
        if not wins:
            return self.fallback.choose(info, rng), 0, ()
        best = max(wins, key=lambda m: (wins[m], move_score(info, m)))
        return best, wins[best], lines[best]


VARIANTS = {"plain": HindsightPlayer, "dig-first": DigFirst, "dig-always": DigAlways, "endgame": Endgame,
            "deeper": Deeper, "per-move": PerMove}


def play(job: tuple[str, str, int, str, dict]) -> tuple[int, bool, int, float]:
    """One deal played by one variant: (deal, won, moves, seconds)."""
    game, variant, seed, name, options = job
    started = time.perf_counter()
    played = play_game(deal_position(get_game(game, variant), seed), VARIANTS[name](**options), seed=seed)
    return seed, played.won, len(played.moves), time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("player", choices=sorted(VARIANTS))
    parser.add_argument("--deals", default="1-40")
    parser.add_argument("--game", default="will-o-the-wisp")
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--samples", type=int, default=HindsightPlayer.samples)
    args = parser.parse_args()
    seeds = parse_range(args.deals)
    jobs = [(args.game, args.variant, seed, args.player, {"samples": args.samples}) for seed in seeds]
    won, seconds = 0, []
    with ProcessPoolExecutor(args.workers) as pool:
        for seed, is_won, moves, took in pool.map(play, jobs):
            won += is_won
            seconds.append(took)
            print(f"deal {seed}: {'won' if is_won else 'not won'} in {moves} moves, {took:.1f} s", flush=True)
    low, high = wilson_interval(won, len(jobs))
    seconds.sort()
    print(f"{args.player}: won {won}/{len(jobs)} (95% {100 * low:.1f}-{100 * high:.1f}%); "
          f"a game: median {seconds[len(seconds) // 2]:.1f} s")


if __name__ == "__main__":
    main()
