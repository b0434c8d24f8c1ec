"""perft: the number of distinct legal move sequences of a given length (a move-generator check)."""

from __future__ import annotations

from ..limits import check_depth
from .game import Game


def perft(game: Game, depth: int) -> int:
    """Count the legal move sequences of exactly ``depth`` moves from the game's position.

    A deal or draw is one move; turning cards and removing finished runs are
    not moves. The game is left as it was.
    """
    depth = check_depth(depth)
    return _perft(game, depth)


def _perft(game: Game, depth: int) -> int:
    if depth == 0:
        return 1
    moves = game.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        game.push(move)
        total += _perft(game, depth - 1)
        game.pop()
    return total
