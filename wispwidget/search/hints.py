"""Hints: the next move of a winning line, instant while the game stays on a known line."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.game import Game
from ..engine.move import Move
from .solver import solve

HINT_POSITIONS = 250_000


@dataclass(frozen=True)
class Hint:
    """A hint: ``move`` to play (or None), the ``verdict`` and a sentence for the player."""

    move: Move | None
    verdict: str  # "winnable", "lost", "unknown" or "won"
    positions: int
    message: str


class Hinter:
    """Gives hints for one game, remembering the last winning line it found.

    While the player follows that line (or returns to any position on it), the
    next move is known without searching again.
    """

    def __init__(self, max_positions: int = HINT_POSITIONS, time_limit: float | None = None) -> None:
        self.max_positions = max_positions
        self.time_limit = time_limit
        self._line: dict[tuple, Move] = {}

    def known_move(self, game: Game) -> Move | None:
        """The move of a remembered winning line from this position, if any."""
        return self._line.get(game.key())

    def hint(self, game: Game, cancel=None) -> Hint:
        """The next move of a winning line from the game's position, or an honest verdict."""
        if game.is_won():
            return Hint(None, "won", 0, "The game is won.")
        move = self.known_move(game)
        if move is not None:
            return Hint(move, "winnable", 0, f"Play {move}: it stays on a winning line.")
        result = solve(game.position(), self.max_positions, self.time_limit, cancel=cancel)
        if result.result == "won":
            self._remember(game, list(result.moves))
            first = result.moves[0]
            return Hint(first, "winnable", result.positions, f"Play {first}: it starts a winning line.")
        if result.result == "lost":
            return Hint(None, "lost", result.positions,
                        f"No sequence of moves wins from here (proved over {result.positions:,} positions).")
        return Hint(None, "unknown", result.positions,
                    f"No winning line found within {result.positions:,} positions; the position may still be won.")

    def _remember(self, game: Game, moves: list[Move]) -> None:
        replay = game.copy()
        self._line = {}
        for move in moves:
            self._line[replay.key()] = move
            replay.push(move)
