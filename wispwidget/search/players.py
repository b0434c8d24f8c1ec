"""Honest players: they choose moves from what a person can see, never from hidden cards.

A player is given only an ``InformationSet``: the face-up cards, how many cards
are face down in each pile and in the stock, the cards not yet seen (as a
multiset, with no positions), and the legal moves (which depend on visible
cards only). The referee (``play_game``) holds the real game and never hands it
over, so a player cannot read a hidden card even by accident.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.game import Game
from ..engine.move import Move
from ..engine.position import Position
from . import ordering
from .information import InformationSet, visible_key
from .solver import CancelToken, solve


def reveals(info: InformationSet, move: Move) -> bool:
    """True when the move shows a card not seen before (a deal, a draw, or a face-down card turned)."""
    if move.source == "stock":
        return True
    if move.source[0] == "t":
        down, up = info.piles[int(move.source[1:])]
        return move.count == len(up) and down > 0
    return False


def next_key(info: InformationSet, move: Move) -> tuple | None:
    """The visible state after a move that reveals nothing (None when it may reveal a card).

    Such a move only rearranges visible cards, so the player needs no hidden card to know where it leads.
    """
    if reveals(info, move):
        return None
    piles = [list(up) for _, up in info.piles]
    waste = list(info.waste)
    foundations = [list(p) for p in info.foundations]
    source, target = move.source, move.target
    if source[0] == "t":
        cards = piles[int(source[1:])][-move.count:]
        del piles[int(source[1:])][-move.count:]
    elif source == "waste":
        cards = [waste.pop()]
    else:
        cards = [foundations[int(source[1:])].pop()]
    if target[0] == "t":
        dest = piles[int(target[1:])]
        dest.extend(cards)
        top = info.spec.deck.top_rank
        if info.spec.removes_runs and len(dest) >= top and dest[-1] >> 2 == 1:
            return None  # a run may leave and uncover a card
    else:
        foundations[int(target[1:])].extend(cards)
    new_piles = tuple((down, tuple(up)) for (down, _), up in zip(info.piles, piles))
    return new_piles, info.stock_count, tuple(waste), tuple(sorted(info.finished)), tuple(map(tuple, foundations))


class Player:
    """Chooses a move from an information set."""

    name = "player"

    def choose(self, info: InformationSet, rng: random.Random) -> Move:
        """The move to play (one of ``info.legal_moves``)."""
        raise NotImplementedError

    def reset(self) -> None:
        """Forget anything remembered from an earlier game."""

    def mid_plan(self) -> bool:
        """Whether the player is part-way through a plan that ends by showing a card: a watcher's patience
        waits for its end."""
        return False


@dataclass
class HeuristicPlayer(Player):
    """A plain rule-of-thumb player: turn cards, build in suit, keep runs, deal when nothing better is left.

    It remembers how often it chose each move in each visible position, and prefers fresh choices, so it does
    not circle for ever.
    """

    name: str = "heuristic"
    _tried: Counter = field(default_factory=Counter)
    _visited: set = field(default_factory=set)

    def reset(self) -> None:
        """Forget the last game."""
        self._tried.clear()
        self._visited.clear()

    def candidates(self, info: InformationSet) -> list[Move]:
        """Legal moves that do not lead back to a visible state already seen (all of them if every one does)."""
        self._visited.add(info.key)
        fresh = [m for m in info.legal_moves if next_key(info, m) not in self._visited]
        return fresh or list(info.legal_moves)

    def choose(self, info: InformationSet, rng: random.Random) -> Move:
        """The best-scored fresh move, less a penalty for each time it was tried here before."""
        key = info.key
        moves = list(info.legal_moves)
        fresh = self.candidates(info)
        best = max(fresh, key=lambda m: (move_score(info, m) - 400 * self._tried[(key, m)], -moves.index(m)))
        stock = next((m for m in moves if m.source == "stock"), None)
        if stock is not None and move_score(info, best) < ordering.IN_SUIT:
            best = stock  # nothing clearly good is left (no suit, no turn, nothing home): deal, as a person would
        self._tried[(key, best)] += 1
        return best


def move_score(info: InformationSet, move: Move) -> int:
    """A static guess of a move's worth from visible cards only: the one ordering score (``search/ordering.py``)."""
    return ordering.move_score(info.view, move)


@dataclass
class HindsightPlayer(Player):
    """No-peek hindsight optimisation: sample hidden arrangements, solve each, play what wins in the most.

    At a decision the player deals ``samples`` arrangements of the unseen cards consistent with what it sees
    and lets the thoughtful solver find a winning line in each (within ``max_positions``, or four times that
    when no sample was won at first). With ``candidates=1`` (the default) the move that starts a winning line
    in the most samples is played, and the player follows that sample's line until a card is revealed: those
    moves only rearrange visible cards, so nothing new is known and sampling again would only cost time.

    With ``candidates`` above 1 each line is cut into a *plan* (``cut_plan``): its moves up to and including
    the first one that may reveal a card. The solver found each plan knowing its own arrangement's stock, so
    the ``candidates`` plans found most often are each played out in every sample and solved from there; the
    plan that leaves the most samples won is played (ties: the one whose wins needed the fewest positions).
    This checks plans against several stock orders; it costs up to ``candidates`` times the solves and was
    not measured to win more (docs/honest-play.md), so it is not the default.
    When no sample is won, the heuristic player chooses, and goes on choosing until a card is revealed (the
    samples would only be lost again: rearranging visible cards rarely turns them round).
    """

    samples: int = 5
    max_positions: int = 20_000
    candidates: int = 1
    name: str = "hindsight"
    fallback: HeuristicPlayer = field(default_factory=HeuristicPlayer)
    _plan: list[Move] = field(default_factory=list)
    _plan_key: tuple | None = None
    _lost_unseen: tuple | None = None  # what was unseen when no sample could be won
    solves: int = 0  # solves run so far (for benchmarks)
    last_plans: list = field(default_factory=list)  # the last decision's plans checked: (plan, samples won, positions)
    cancel: CancelToken | None = None  # set from another thread's cancel(): every solve after it stops at once

    def reset(self) -> None:
        """Forget the fallback player's memory and any plan."""
        self.fallback.reset()
        self._plan, self._plan_key, self._lost_unseen = [], None, None

    def mid_plan(self) -> bool:
        """Whether moves of the line being followed are still to play (they end at the first reveal)."""
        return bool(self._plan)

    def follows_plan(self, info: InformationSet) -> bool:
        """True when the choice from ``info`` is the next move of the line being followed (no vote)."""
        return bool(self._plan) and info.key == self._plan_key and self._plan[0] in info.legal_moves

    def choose(self, info: InformationSet, rng: random.Random) -> Move:
        """The next move of the current plan, or the first move of the plan that wins the most samples."""
        if self.follows_plan(info):
            move = self._plan.pop(0)
            self.fallback.candidates(info)  # the fallback remembers every visible state, planned ones too
        elif (info.unseen, info.stock_count) == self._lost_unseen:
            move = self.fallback.choose(info, rng)
        else:
            move, votes, line = self._vote(info, rng)
            self._plan = list(line[1:])
            self._lost_unseen = None if votes or len(info.legal_moves) == 1 else (info.unseen, info.stock_count)
        self._plan_key = next_key(info, move)
        if self._plan_key is None:  # the move may reveal a card: plan again from what is then seen
            self._plan = []
        return move

    def vote(self, info: InformationSet, rng: random.Random) -> tuple[Move, int]:
        """The chosen move and in how many of the ``samples`` arrangements its plan was found to win."""
        move, votes, _ = self._vote(info, rng)
        return move, votes

    def looks(self) -> tuple[tuple[int, int], ...]:
        """The plain vote's looks at a decision, (arrangements, positions each), the next one only when no
        arrangement was won in the last: ``samples`` at ``max_positions``, then a deeper look at four times that."""
        return (self.samples, self.max_positions), (self.samples, 4 * self.max_positions)

    def _solve(self, position: Position | Game, budget: int):
        self.solves += 1
        return solve(position, max_positions=budget, cancel=self.cancel)

    def _vote(self, info: InformationSet, rng: random.Random) -> tuple[Move, int, tuple[Move, ...]]:
        fresh = set(self.fallback.candidates(info))  # (the fallback remembers this visible state)
        self.last_plans = []
        if len(info.legal_moves) == 1:
            return info.legal_moves[0], 0, ()
        legal = list(info.legal_moves)
        if self.candidates <= 1:
            return self._plain_vote(info, rng, fresh, legal)
        for budget in (self.max_positions, 4 * self.max_positions):  # a second, deeper look when none was won
            arrangements = [info.sample(rng) for _ in range(self.samples)]
            found: dict[tuple, tuple[Move, ...]] = {}  # what a plan leads to -> the plan
            wins: dict[tuple, dict[int, int]] = {}  # plan -> {sample: positions the solver needed}
            for index, arrangement in enumerate(arrangements):
                result = self._solve(arrangement, budget)
                if result.result == "won" and result.moves and result.moves[0] in fresh:
                    plan, end = cut_plan(arrangement, result.moves)
                    found.setdefault(end, plan)
                    wins.setdefault(end, {})[index] = result.positions
            if found:
                break
        if not found:
            return self.fallback.choose(info, rng), 0, ()
        ranked = sorted(found, key=lambda end: -len(wins[end]))[:max(1, self.candidates)]
        if self.candidates > 1 and len(ranked) > 1 and len(wins[ranked[0]]) < len(arrangements):
            leading = 0  # the most samples a plan checked so far wins
            for end in ranked:
                for index, arrangement in enumerate(arrangements):
                    if index in wins[end]:
                        continue
                    if len(wins[end]) + len(arrangements) - index < leading:
                        break  # it can no longer draw level with the best plan: stop checking it
                    game = Game(arrangement, validate=False)
                    for move in found[end]:
                        game.push(move)
                    result = self._solve(game, budget)
                    if result.result == "won":
                        wins[end][index] = result.positions
                leading = max(leading, len(wins[end]))

        def score(end: tuple) -> tuple:
            first = found[end][0]
            return (len(wins[end]), -sum(wins[end].values()), move_score(info, first), -legal.index(first))

        best = max(ranked, key=score)
        self.last_plans = [(found[end], len(wins[end]), sum(wins[end].values())) for end in sorted(ranked, key=score,
                                                                                                 reverse=True)]
        return found[best][0], len(wins[best]), found[best]

    def _plain_vote(self, info: InformationSet, rng: random.Random, fresh: set[Move],
                    legal: list[Move]) -> tuple[Move, int, tuple[Move, ...]]:
        """The plain hindsight vote: the first move of a winning line in the most samples, and that line."""
        votes: Counter[Move] = Counter()
        lines: dict[Move, tuple[Move, ...]] = {}
        for samples, budget in self.looks():
            for _ in range(samples):
                result = self._solve(info.sample(rng), budget)
                if result.result == "won" and result.moves and self._counts(result.moves[0], fresh):
                    votes[result.moves[0]] += 1
                    lines.setdefault(result.moves[0], result.moves)
            if votes:
                break
        pool = self._playable(info, votes, fresh)
        if not pool:
            return self.fallback.choose(info, rng), 0, ()
        best = max(pool, key=lambda m: (votes[m], move_score(info, m), -legal.index(m)))
        return best, votes[best], lines[best]

    def _counts(self, first: Move, fresh: set[Move]) -> bool:
        """Whether a winning line starting with ``first`` is a vote: only when it leads somewhere not seen."""
        return first in fresh

    def _playable(self, info: InformationSet, votes: Counter[Move], fresh: set[Move]) -> list[Move]:
        """The voted moves the vote may play (the best-voted of them is played)."""
        return list(votes)


@dataclass
class PlannerPlayer(Player):
    """The no-peek planner (``search/planner.py``, docs/honest-play.md): the default honest player.

    At a decision it asks the C planner for the next plan from what is visible, and follows it without
    searching until its last move reveals a card; then it decides again with what it then sees. Once nothing is
    hidden it asks the solver (which then sees no more than the player does) and follows its line. Where no
    reachable move reveals anything, or the solver finds no win, the rule-of-thumb player chooses. Where the C
    core cannot plan (no C compiler, or a game beyond the core) the hindsight vote plays instead, and
    ``fallback_note`` says why. A decision takes at most ``time_limit`` seconds: the core is given
    ``CORE_SHARE`` of it, the rest is left for the Python around it.
    """

    CORE_SHARE = 0.9

    name: str = "no-peek"
    settings: Any = None  # planner.PlanSettings; None: the game's own (PlanSettings.for_game)
    time_limit: float | None = 1.0  # seconds a decision; None: no limit (reproducible play)
    endgame_positions: int = 200_000
    cancel: CancelToken | None = None
    fallback: HeuristicPlayer = field(default_factory=HeuristicPlayer)
    last_plan: Any = None  # the last decision's planner.Plan
    fallback_note: str = ""  # why the hindsight vote plays instead, when it does
    why: str = ""  # the last choice's reason, in words (Fair hint says it)
    solves: int = 0  # decisions taken: plans asked for and endgame solves (for benchmarks)
    _line: list[Move] = field(default_factory=list)  # the rest of the plan or endgame line being followed
    _keys: list[tuple] = field(default_factory=list)  # the visible state expected before each of its moves
    _endgame_failed: bool = False
    _stuck_unseen: int = -1  # unseen cards when no reveal was in reach (none is until one is revealed)
    _hindsight: HindsightPlayer | None = None

    def reset(self) -> None:
        """Forget the last game."""
        self.fallback.reset()
        self._line, self._keys, self._endgame_failed, self.last_plan = [], [], False, None
        self._stuck_unseen = -1

    def choose(self, info: InformationSet, rng: random.Random) -> Move:
        """The next move of the plan being followed, or the first of a new plan."""
        if self._line and self._keys[0] == info.key and self._line[0] in info.legal_moves:
            self._keys.pop(0)
            self.fallback.candidates(info)  # the fallback remembers every visible state
            self.why = "it is the next move of the plan being followed"
            return self._line.pop(0)
        self._line, self._keys = [], []
        if self._hindsight is not None:
            self.why = self.fallback_note
            return self._hindsight.choose(info, rng)
        if not info.unseen:
            return self._endgame(info, rng)
        if len(info.unseen) == self._stuck_unseen:
            return self._stuck(info, rng)
        from dataclasses import replace

        from .planner import PlannerUnavailable, PlanSettings, plan

        settings = replace(self.settings or PlanSettings.for_game(info.spec.key), seed=rng.randrange(2**31))
        self.solves += 1
        try:
            self.last_plan = plan(info, settings, time_limit=self._core_seconds(), cancel=self.cancel)
        except PlannerUnavailable as exc:
            self.fallback_note = f"the planner cannot play here ({exc}), so the hindsight vote chooses"
            self._hindsight = HindsightPlayer(cancel=self.cancel)
            self.why = self.fallback_note
            return self._hindsight.choose(info, rng)
        if not self.last_plan.moves:  # stuck: nothing reachable reveals a card
            self._stuck_unseen = len(info.unseen)
            return self._stuck(info, rng)
        self.why = self._plan_words(self.last_plan, settings.look_past > 0)
        return self._follow(info, self.last_plan.moves)

    def mid_plan(self) -> bool:
        """Whether moves of the last plan (or endgame line) are still to play."""
        return bool(self._line)

    @staticmethod
    def _plan_words(found: Any, looks_past: bool = False) -> str:
        """Why this plan, in words (Fair hint says it); ``looks_past``: the settings weigh the next plan too."""
        from .planner import WON_VALUE

        if found.value <= WON_VALUE:
            return "it begins a way to win the game now"
        if found.solved and found.weighed > 1:
            return (f"of {found.weighed} ways to show a new card, it begins the one that wins most often in "
                    f"{found.solved} guesses at where the hidden cards lie")
        if found.found <= 1 or found.weighed <= 1:
            return "it is the only way within reach to show a new card or win" if found.found <= 1 else \
                "it begins the most promising way within reach to show a new card"
        leaves = "the best next plan" if looks_past else "the piles in the best order"
        if found.moves[-1].source == "stock":
            return (f"of {found.weighed} ways to get ready for the deal, it begins the one that leaves {leaves} on "
                    f"average, whatever cards the deal brings")
        return (f"of {found.weighed} ways to reach a face-down card, it begins the one that leaves {leaves} on "
                f"average, whatever card turns up")

    def _core_seconds(self) -> float | None:
        return None if self.time_limit is None else self.time_limit * self.CORE_SHARE

    def _stuck(self, info: InformationSet, rng: random.Random) -> Move:
        """No reveal is in reach: none will be while the rule of thumb only rearranges what is visible."""
        self.why = "no move within reach turns a card or uses the stock, so this is a rule of thumb"
        return self.fallback.choose(info, rng)

    def _endgame(self, info: InformationSet, rng: random.Random) -> Move:
        """Nothing is hidden: the solver's line, when it finds one within the budget and the time."""
        if not self._endgame_failed:
            self.solves += 1
            result = solve(info.sorted_position(), max_positions=self.endgame_positions,
                           time_limit=self._core_seconds(), cancel=self.cancel)
            if result.result == "won" and result.moves:
                self.why = "every card is in view, and it starts a winning line"
                return self._follow(info, result.moves)
            self._endgame_failed = True
        self.why = "every card is in view but no win was found in time, so this is a rule of thumb"
        return self.fallback.choose(info, rng)

    def _follow(self, info: InformationSet, moves: Sequence[Move]) -> Move:
        """Start following ``moves`` (a plan, or an endgame line): the first now, the others while the table
        shows what they expect (their moves before a reveal do not depend on hidden cards)."""
        game = Game(info.sorted_position(), validate=False)
        keys = []
        for move in moves:
            keys.append(visible_key(game))
            game.push(move)
        self.fallback.candidates(info)
        self._line, self._keys = list(moves[1:]), keys[1:]
        return moves[0]


def cut_plan(position: Position, line: tuple[Move, ...]) -> tuple[tuple[Move, ...], tuple]:
    """The start of a line up to and including its first move that may reveal a card, and where it leads.

    Where it leads is the visible state before that move and the move itself: two plans with the same end
    differ only in the order of moves that rearrange visible cards.
    """
    game = Game(position, validate=False)
    for at, move in enumerate(line):
        info = InformationSet.of(game)
        if next_key(info, move) is None:
            return line[:at + 1], (info.key, move)
        game.push(move)
    return line, (InformationSet.of(game).key, None)


@dataclass(frozen=True)
class PlayedGame:
    """The record of one game played by a player."""

    won: bool
    moves: tuple[Move, ...]
    reason: str


MAX_MOVES = 600  # a game an honest player has not finished by then is counted as not won


def referee(look: Callable[[], InformationSet], player: Player, rng: random.Random,
            max_moves: int = MAX_MOVES, patience: int | None = None) -> Generator[Move, None, str]:
    """The rules of honest play, one move at a time: yield the player's moves for the caller to play.

    ``look()`` gives what can be seen of the game now; the player is handed only that. The generator returns
    why play ended: ``won``, ``no legal move``, ``going round in circles`` (a visible state seen a fourth
    time), ``move limit``, or, with ``patience`` N, ``nothing new in N moves`` (no card shown, dealt or put
    away for N moves while cards are still hidden, and the player is not part-way through a plan that ends by
    showing one, ``Player.mid_plan``: a watcher need not wait for the move limit; ``play_game`` and the
    benchmarks leave it out).
    """
    player.reset()
    seen: Counter[tuple] = Counter()
    progress, since = None, 0
    for _ in range(max_moves):
        info = look()
        if info.is_won:
            return "won"
        if not info.legal_moves:
            return "no legal move"
        seen[info.key] += 1
        if seen[info.key] > 3:
            return "going round in circles"
        now = (len(info.unseen), info.stock_count, len(info.finished), sum(map(len, info.foundations)))
        progress, since = now, (since + 1 if now == progress else 0)
        if patience is not None and info.unseen and since >= patience and not player.mid_plan():
            return f"nothing new in {patience} moves"
        yield player.choose(info, rng)
    return "won" if look().is_won else "move limit"


def play_game(position: Position, player: Player, *, seed: int = 0, max_moves: int = MAX_MOVES) -> PlayedGame:
    """Play ``player`` from ``position`` under the ``referee``, which shows it only information sets."""
    game = Game(position, validate=False)
    moves = referee(lambda: InformationSet.of(game), player, random.Random(seed), max_moves)
    while True:
        try:
            game.play(next(moves))
        except StopIteration as end:
            return PlayedGame(end.value == "won", tuple(game.moves_played), end.value)


PLAYERS: dict[str, Callable[[], Player]] = {"heuristic": HeuristicPlayer, "no-peek": PlannerPlayer,
                                            "hindsight": HindsightPlayer}
