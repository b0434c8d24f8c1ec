"""Hints that always help: a winning line's next move when the solver finds one, else a labelled suggestion.

While the player follows a found line (or returns to any position on it), the next move is known without
searching again. When the search proves nothing, or proves the position lost, the hint is still a move, shown
as a suggestion, never as a proof (``proved`` is False): the first move of the no-peek planner's most promising
way to show a new card, or, where no such way is in reach, the move to the best-judged position (more cards
turned, home or in suit, no going back). A position proved lost where no move shows anything new gets no move:
any would only shift cards about.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import pairwise

from ..engine.game import Game
from ..engine.move import Move
from ..errors import WispError
from ..io.words import advice, move_phrase, positions_words, sentence
from ..limits import check_max_positions, check_time_limit, echo
from .information import InformationSet
from .lines import shortened
from .planner import PlannerUnavailable, plan
from .solver import solve

HINT_POSITIONS = 250_000
ONLY_MOVE_POSITIONS = 20_000  # a hint's search when a deal is the only move: a winning line if one is near


@dataclass(frozen=True)
class Hint:
    """A hint: ``move`` to play (or None), the ``verdict``, and a sentence for the player.

    ``proved`` is True only when ``move`` starts a winning line the solver found (replayed by the engine).
    """

    move: Move | None
    verdict: str  # "winnable", "lost", "unknown", "won" or "no-peek"
    positions: int
    message: str
    proved: bool = False
    only: bool = False  # the only legal move: not a suggestion, there is nothing to choose

    @property
    def text(self) -> str:
        """The sentence shown to the player."""
        return self.message


def judge(game: Game) -> int:
    """How good a position looks to the hinter, which sees every card: higher is better.

    Face-down cards count against; cards home, finished runs, empty piles and cards in suit order count for.
    """
    top = game.spec.deck.top_rank
    score = -12 * sum(len(d) for d in game.down)
    score += 6 * sum(len(p) for p in game.foundations) + 8 * top * len(game.finished)
    score += 5 * sum(1 for d, u in zip(game.down, game.up) if not d and not u)
    for up in game.up:
        for below, above in pairwise(up):
            if below >> 2 == (above >> 2) + 1:
                score += 3 if below & 3 == above & 3 else 1
    score -= len(game.stock) // max(1, game.spec.piles)
    return score


def progress_plan(game: Game, cancel=None, seconds: float = 1.0) -> tuple[Move, ...] | None:
    """The no-peek planner's plan from here (``search/planner.py``): the most promising way within reach to show a
    new card (turn one, or deal), its last move the one that shows it, so that suggestions make progress where a
    rule of thumb one move deep can shift cards back and forth for ever. ``()`` when no such way was found within
    reach (stuck: moves would only shift cards about); None when nothing is hidden, or the C core cannot plan
    here."""
    info = InformationSet.of(game)
    if not info.unseen:
        return None
    try:
        started = time.monotonic()
        found = plan(info, time_limit=seconds, cancel=cancel)
        if not found.moves and time.monotonic() - started >= 0.8 * seconds:
            # the second ran out before a way was found: search again without it (the search is bounded anyway);
            # a search that ended sooner looked at everything within reach, so a second would find nothing more
            found = plan(info, cancel=cancel)
    except (PlannerUnavailable, WispError):  # no core here, or the hint was stopped
        return None
    return tuple(found.moves)


def suggestion(game: Game, avoid: Iterable[tuple] = ()) -> Move | None:
    """The move to the best-judged next position, preferring positions not seen before (None if no move)."""
    seen = set(avoid)
    seen.add(game.key())
    best: tuple | None = None
    best_move = None
    for index, move in enumerate(game.legal_moves()):
        game.push(move)
        try:
            if game.is_won():
                return move
            rank = (game.key() not in seen, judge(game), move.source != "stock", -index)
        finally:
            game.pop()
        if best is None or rank > best:
            best, best_move = rank, move
    return best_move


class Hinter:
    """Gives hints for one game, remembering the last winning line it found."""

    def __init__(self, max_positions: int = HINT_POSITIONS, time_limit: float | None = None) -> None:
        self.max_positions = check_max_positions(max_positions)
        self.time_limit = check_time_limit(time_limit)
        self._line: dict[tuple, Move] = {}

    def known_move(self, game: Game) -> Move | None:
        """The move of a remembered winning line from this position, if any."""
        return self._line.get(game.key())

    def on_line(self, game: Game) -> bool:
        """True when the game is at a position of a remembered winning line (so it is winnable)."""
        return game.key() in self._line

    def hint(self, game: Game, cancel=None, avoid: Iterable[tuple] = ()) -> Hint:
        """The next move of a winning line from the game's position, or a labelled suggestion; ``WispError`` when
        ``game`` is not a ``Game``."""
        if not isinstance(game, Game):
            raise WispError(f"a hint needs a Game (Game.from_position makes one from a Position), not {echo(game)}")
        if game.is_won():
            return Hint(None, "won", 0, "The game is won.")
        move = self.known_move(game)
        if move is not None:
            # the same words as when the line was found: asking twice in one position gets one answer
            return Hint(move, "winnable", 0, sentence(f"{advice(move, game)}: it starts a winning line"), True)
        legal = game.legal_moves()
        # a deal that is the only move: nothing to choose, so a short search only (it took seconds to say "deal")
        forced = len(legal) == 1 and legal[0].is_stock
        position = game.position()
        budget = min(self.max_positions, ONLY_MOVE_POSITIONS) if forced else self.max_positions
        result = shortened(solve(position, budget, self.time_limit, cancel=cancel), position)
        if result.result == "won":
            self._remember(game, list(result.moves))
            first = result.moves[0]
            return Hint(first, "winnable", result.positions,
                        sentence(f"{advice(first, game)}: it starts a winning line"), True)
        if forced:
            only = sentence(f"{advice(legal[0], game)}: it is the only move")
            lost = ("No sequence of moves wins from here (proved, seeing every card). "
                    if result.result == "lost" else "")
            return Hint(legal[0], "lost" if lost else "unknown", result.positions, lost + only, only=True)
        if result.result == "lost":
            why = "no sequence of moves wins from here (proved, seeing every card)"
        elif result.cancelled:
            why = "the search was stopped before it found a winning line"
        else:
            why = f"no winning line was found within {positions_words(result.positions)}"
        progress = None if result.cancelled else progress_plan(game, cancel)
        move = progress[0] if progress else None
        if move is None and (result.result == "lost" or progress == ()) and game.legal_moves():
            # lost, or no way to show a new card in reach (nothing can be won without showing the hidden cards)
            return Hint(None, result.result, result.positions, f"{sentence(why)} No move within reach shows a new "
                        "card, so any move would only shift cards about: Undo, Restart, or Review to see where the "
                        "game was lost.")
        move = move or suggestion(game.copy(), avoid)
        if move is None:
            return Hint(None, result.result, result.positions, f"No legal move is left: {why}.")
        if result.result == "lost":  # no move wins: the suggestion is only a way to play on
            return Hint(move, "lost", result.positions, f"{sentence(why)} To play on anyway, try "
                        f"{move_phrase(move, game)} (a suggestion, not a proof).")
        return Hint(move, result.result, result.positions,
                    f"Try {move_phrase(move, game)}: a suggestion, not a proof; {why}.")

    def remember(self, game: Game, moves: list[Move]) -> None:
        """Remember a winning line from the game's position (found by Solve, say)."""
        self._remember(game, moves)

    def _remember(self, game: Game, moves: list[Move]) -> None:
        replay = game.copy()
        self._line = {}
        for move in moves:
            self._line[replay.key()] = move
            replay.push(move)
