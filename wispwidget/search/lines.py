"""Winning lines made short enough to follow.

The solver's searches find *a* winning line, not a short one: a beam search reaches a position by whatever way it
met it first, at times by a hundred moves that shift cards back and forth, or round a loop back to a position it
had already left. Such a line is a proof, but a player who asks for a hint, or watches Solve play, sees cards
wander. ``shorter_line`` keeps every card the line reveals, in the same order, and between two reveals goes the
shortest way it can find to the same position.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import replace

from ..engine.game import Game
from ..engine.move import Move
from ..engine.position import Position
from . import native
from .solver import SolveResult

SEGMENT_POSITIONS = 2_000  # positions each search for a shorter way between two positions examines, at most
WINDOW = 24  # a longer stretch between two reveals is made shorter this many moves at a time
MOST_SEARCHES = 12  # windows searched for a shorter way in one line, at most: the longest


def shorter_line(position: Position, moves: Sequence[Move], max_positions: int = SEGMENT_POSITIONS) -> list[Move]:
    """``moves``, a legal line from ``position``, made shorter where it can be, ending in the same position.

    First every detour is cut (a position met twice, or reached later by one move: the moves between are
    dropped); then the longest stretches of moves that reveal nothing (no card turned, dealt or drawn) are
    replaced, ``WINDOW`` moves at a time, by the shortest way to the same position that the C core finds within
    ``max_positions`` (where the core is missing, the detours alone are cut). The reveals stay where they were,
    so the line shows the same cards in the same order and is still legal.

    The line made is replayed by the engine before it is returned: one that is refused, or ends elsewhere, is a
    defect, reported as a ``LineDefectWarning``, and ``moves`` themselves are returned instead (never shown).
    """
    line = _shortest_stretches(position, _without_detours(position, moves), max_positions)
    refusal = _refusal(position, line, _end_key(position, moves))
    if refusal:
        warnings.warn(f"a shortened line was refused and not used (a defect): {refusal}", LineDefectWarning,
                      stacklevel=2)
        return list(moves)
    return line


class LineDefectWarning(RuntimeWarning):
    """A shortened line the engine refused: a defect in the shortening, reported and never shown."""


def _end_key(position: Position, moves: Sequence[Move]) -> tuple:
    game = Game(position, validate=False)
    for move in moves:
        game.push(move)
    return game.key()


def _refusal(position: Position, line: Sequence[Move], end: tuple) -> str:
    """Why the engine refuses ``line`` from ``position`` as a way to the position keyed ``end``; "" if it does not."""
    game = Game(position, validate=False)
    for index, move in enumerate(line):
        reason = game.why_illegal(move)
        if reason is not None:
            return f"move {index + 1} ({move}): {reason}"
        game.push(move)
    return "" if game.key() == end else "it ends in another position"


def shortened(result: SolveResult, position: Position) -> SolveResult:
    """``result`` of a solve from ``position``, its winning line (if any) made shorter (``shorter_line``)."""
    if result.result != "won" or not result.moves:
        return result
    return replace(result, moves=tuple(shorter_line(position, result.moves)))


def _without_detours(position: Position, moves: Sequence[Move]) -> list[Move]:
    """``moves`` without detours: from each position, on from the last position of the line that it meets again
    (a loop) or reaches by one move, when no card is revealed on the way."""
    game = Game(position, validate=False)
    keys = [game.key()]
    for move in moves:
        game.push(move)
        keys.append(game.key())
    last = {key: index for index, key in enumerate(keys)}
    game = Game(position, validate=False)
    kept, index = [], 0
    while index < len(moves):
        index = last[keys[index]]  # a loop: on from its last visit (the same position, nothing revealed)
        if index == len(moves):
            break
        step, to = moves[index], index + 1
        hidden = _hidden(game)
        for move in game.legal_moves():
            game.push(move)
            later = last.get(game.key(), -1) if _hidden(game) == hidden else -1
            if later > to:
                step, to = move, later
            game.pop()
        game.push(step)
        kept.append(step)
        index = to
    return kept


def _hidden(game: Game) -> int:
    """How many cards are still to be seen: face down, in the stock."""
    return sum(map(len, game.down)) + len(game.stock)


def _shortest_stretches(position: Position, moves: list[Move], max_positions: int) -> list[Move]:
    """Stretches of ``moves`` between two reveals replaced by shorter ways, where the core finds them: windows of
    at most ``WINDOW`` moves, the longest first, at most ``MOST_SEARCHES`` of them (a search that finds nothing
    shorter costs its whole budget)."""
    lib = native.load()
    if lib is None or native.refusal(position):
        return moves
    windows: list[list] = []  # [position before, moves] for each window, in line order; reveals alone
    game = Game(position, validate=False)
    for move in moves:
        hidden = _hidden(game)
        before = game.position() if not windows or len(windows[-1][1]) >= WINDOW or windows[-1][0] is None \
            else None
        game.push(move)
        if _hidden(game) != hidden or game.is_won():
            windows.append([None, [move]])  # a reveal stays as it is
        elif before is not None:
            windows.append([before, [move]])
        else:
            windows[-1][1].append(move)
    longest = sorted((w for w in windows if w[0] is not None and len(w[1]) > 1), key=lambda w: -len(w[1]))
    for window in longest[:MOST_SEARCHES]:
        start, stretch = window
        end = Game(start, validate=False)
        for move in stretch:
            end.push(move)
        way = native.core_fewest_moves(lib, start, end.position(), max_positions, len(stretch))
        if way is not None:
            window[1] = list(way)
    return [move for _, part in windows for move in part]
