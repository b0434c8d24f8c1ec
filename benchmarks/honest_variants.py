"""No-peek player variants that were tried and did not win more (docs/honest-play.md, "What did not help").

Run: ``python benchmarks/honest_variants.py VARIANT [--deals 1-40] [--game will-o-the-wisp] [--variant standard]
[--workers 2] [--samples N]``, with VARIANT one of ``plain`` (the default player), ``dig-first``,
``dig-always``, ``endgame``, ``deeper``, ``per-move``, ``revisit``, ``cautious`` and ``uct``
(``--iterations N``). Each plays the deals under the referee (it is handed
only information sets, as ``HindsightPlayer`` is) and prints one line per deal (won, moves, seconds) and the
share won. They are kept here, out of the package, so that the negative results can be rerun.
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import time
from collections import Counter, deque
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from wispwidget.engine.dealing import deal_position
from wispwidget.engine.game import Game
from wispwidget.engine.move import Move
from wispwidget.games.catalogue import get_game
from wispwidget.search import ordering
from wispwidget.search.ordering import ordered
from wispwidget.search.players import (
    HindsightPlayer,
    InformationSet,
    Player,
    cut_plan,
    move_score,
    next_key,
    play_game,
    visible_key,
)
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


class Revisit(HindsightPlayer):
    """The plain vote, counting winning lines whatever their first move: when no fresh move starts one, a move back
    to a visible state seen only once may (the plain vote drops such lines, and so can miss the one win left:
    found on tiny decks by comparing its moves with the best honest play's, benchmarks/honest_ceiling.py)."""

    def reset(self) -> None:
        super().reset()
        self._visits: Counter[tuple] = Counter()

    def choose(self, info, rng):
        self._visits[info.key] += 1
        return super().choose(info, rng)

    def _counts(self, first, fresh):
        return True  # every winning line is a vote; which voted moves may be played is decided below

    def _playable(self, info, votes, fresh):
        return [m for m in votes if m in fresh] or [m for m in votes if self._visits[next_key(info, m)] < 2]


class Cautious(Revisit):
    """``revisit``, and a followed line stops before its first move that may reveal a card: the deal or turn
    itself is voted on again (a line's reveal was chosen knowing its own arrangement's cards)."""

    def choose(self, info, rng):
        if self._plan and info.key == self._plan_key and self._plan[0] in info.legal_moves \
                and next_key(info, self._plan[0]) is None:
            self._plan = []  # the next planned move reveals: vote again
        return super().choose(info, rng)


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


def progress(game: Game, down_at_root: int) -> float:
    """A graded outcome in [0, 1] for a roll-out that did not win: cards in finished runs or laid on their own
    suit's next rank, face-down cards turned since the decision, empty piles; 1 when won."""
    if game.is_won():
        return 1.0
    top = game.spec.deck.top_rank
    cards = sum(game.spec.deck.counts().values())
    placed = top * len(game.finished) + sum(map(len, game.foundations))
    suited = sum(1 for up in game.up for a, b in itertools.pairwise(up) if a >> 2 == (b >> 2) + 1 and a & 3 == b & 3)
    down = sum(map(len, game.down))
    empty = sum(1 for up, hidden in zip(game.up, game.down) if not up and not hidden)
    return 0.9 * (0.45 * (placed + suited) / cards + 0.45 * (1 - down / max(1, down_at_root))
                  + 0.1 * empty / len(game.up))


class UctNode:
    """A visible state in the search tree: its legal moves, and per move [visits, total value, {next key: node}]."""

    __slots__ = ("edges", "moves", "visits")

    def __init__(self, moves: list[Move]) -> None:
        self.visits = 0
        self.moves = moves
        self.edges: dict[Move, list] = {}


@dataclass
class UctPlayer(Player):
    """Information-set UCT (as in Bjarnason, Fern and Tadepalli 2009, without the solver): each iteration deals
    one arrangement of the unseen cards, walks a tree of visible states by UCB1 (a move that shows a card
    branches on what it shows), adds one state, and plays a rule-of-thumb roll-out from there, scored by
    ``progress``. The most visited move is played. It never solves: it sees no card in any arrangement it did
    not deal itself."""

    iterations: int = 1000
    rollout: int = 40
    exploration: float = 0.4
    randomness: float = 0.2
    name: str = "uct"
    _visited: set = field(default_factory=set)

    def reset(self) -> None:
        self._visited.clear()

    def choose(self, info: InformationSet, rng: random.Random) -> Move:
        self._visited.add(info.key)
        legal = list(info.legal_moves)
        if len(legal) == 1:
            return legal[0]
        fresh = [m for m in legal if next_key(info, m) not in self._visited] or legal
        down = sum(d for d, _ in info.piles)
        root = UctNode(fresh)
        for _ in range(self.iterations):
            self._iterate(root, Game(info.sample(rng), validate=False), rng, down)
        return max(fresh, key=lambda m: (root.edges[m][0] if m in root.edges else -1, move_score(info, m)))

    def _iterate(self, root: UctNode, game: Game, rng: random.Random, down: int) -> None:
        path: list[tuple[UctNode, list]] = []
        node, keys = root, {visible_key(game)}
        while True:
            if not node.moves or game.is_won():
                value = progress(game, down)
                break
            move = self._select(node, game)
            edge = node.edges.setdefault(move, [0, 0.0, {}])
            game.push(move)
            path.append((node, edge))
            key = visible_key(game)
            if key in keys:  # back where this walk has been: moves wasted
                value = 0.0
                break
            keys.add(key)
            child = edge[2].get(key)
            if child is None:
                edge[2][key] = UctNode(game.legal_moves())
                value = self._rollout(game, rng, keys, down)
                break
            node = child
        for node, edge in path:
            node.visits += 1
            edge[0] += 1
            edge[1] += value

    def _select(self, node: UctNode, game: Game) -> Move:
        view = ordering.view_of(game)
        untried = [m for m in node.moves if m not in node.edges]
        if untried:
            return max(untried, key=lambda m: ordering.move_score(view, m))
        log_n = math.log(node.visits + 1)
        return max(node.moves, key=lambda m: node.edges[m][1] / node.edges[m][0]
                   + self.exploration * math.sqrt(log_n / node.edges[m][0]))

    def _rollout(self, game: Game, rng: random.Random, keys: set, down: int) -> float:
        """The rule of thumb with noise, never back to a visible state seen, for at most ``rollout`` moves."""
        seen = set(keys)
        for _ in range(self.rollout):
            moves = game.legal_moves()
            if game.is_won() or not moves:
                break
            view = ordering.view_of(game)
            scored = sorted(((ordering.move_score(view, m) + rng.random() * 150, m) for m in moves),
                            key=lambda t: t[0], reverse=True)
            if rng.random() < self.randomness:
                rng.shuffle(scored)
            stock = next((m for _, m in scored if m.is_stock), None)
            if stock is not None and scored[0][0] < ordering.IN_SUIT:
                scored.insert(0, (0, stock))  # nothing clearly good: deal, as the heuristic player does
            for _, move in scored:
                game.push(move)
                key = visible_key(game)
                if key not in seen or move.is_stock:
                    seen.add(key)
                    break
                game.pop()
            else:
                break
        return progress(game, down)


VARIANTS = {"plain": HindsightPlayer, "dig-first": DigFirst, "dig-always": DigAlways, "endgame": Endgame,
            "deeper": Deeper, "per-move": PerMove, "uct": UctPlayer,
            "revisit": Revisit, "cautious": Cautious}


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
    parser.add_argument("--iterations", type=int, default=UctPlayer.iterations, help="uct: iterations a decision")
    args = parser.parse_args()
    seeds = parse_range(args.deals)
    options = ({"samples": args.samples} if issubclass(VARIANTS[args.player], HindsightPlayer)
               else {"iterations": args.iterations})
    jobs = [(args.game, args.variant, seed, args.player, options) for seed in seeds]
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
