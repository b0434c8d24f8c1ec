"""Where did I lose? Replay a game's moves with the solver and name the first move that lost it.

Along any line of play, winnability can only be lost, never regained: a position after a winnable one may be
lost, but every position before a winnable one is winnable (the moves to it are a start of a win), and every
position after a lost one is lost. So the positions after 0, 1, ..., n moves read *won won ... lost lost*, and
``review`` looks for the one place where that changes, by bisection: each step solves one position within the
budget. A step it cannot settle is said so; the review then tries the other positions in the undecided range,
and names a range of moves when none of them settles.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from ..engine.game import Game
from ..engine.move import Move
from ..engine.position import Position
from ..io.words import move_phrase, plural, positions_words
from ..search.lines import shorter_line
from ..search.solver import CancelToken, solve


def _move_words(position: Position, move: Move) -> str:
    """``move``, played from ``position``, in the words every message uses, inside a sentence ("a deal")."""
    return move_phrase(move, Game(position, validate=False))


def _range_words(positions: Sequence[Position], moves: Sequence[Move], first: int, last: int) -> str:
    """Moves ``first`` to ``last`` (counted from 1) in words, since the table shows no move numbers: each of a
    few ("one of moves 3 to 5 (move 3: a deal; move 4: ...; move 5: ...)"), else the first and the last."""
    def say(k: int) -> str:
        return f"move {k}: {_move_words(positions[k - 1], moves[k - 1])}"

    if first == last:
        return say(first)
    named = [first, last] if last - first >= MAX_NAMED else range(first, last + 1)
    return f"one of moves {first} to {last} ({'; '.join(say(k) for k in named)})"


MAX_NAMED = 4  # an unsettled review names each move of a range this short, else its first and last
TRY_LARGER = " Try a larger budget."  # the end of an unsettled review's message (the table says how instead)


@dataclass(frozen=True)
class Review:
    """What ``review`` found. ``verdict`` is one of:

    - ``lost-at``: ``losing_index`` (0-based) is the first move after which the game was no longer winnable;
      ``before`` is the position before it and ``better`` a winning line from there (``better[0]`` the move
      to play instead);
    - ``kept-winnable``: every move kept the game winnable (``better`` wins from the last position, if the game
      is not over);
    - ``lost-from-start``: the deal was never winnable (seeing every card);
    - ``unknown``: the budget did not settle enough positions; ``losing_range`` says between which moves, and
      where a position before them was proved winnable, ``before`` is the last such (before move
      ``losing_range[0]``) and ``better`` a winning line from it; ``range_words`` names those moves ("one of
      moves 11 to 13 (move 11: a deal; ...)");
    - ``cancelled``: stopped on request.

    ``steps`` lists each position checked (after that many moves) with the solver's answer; ``message`` says it
    all in plain words, cards as ``7♠``, piles numbered from 1.
    """

    verdict: str
    message: str
    moves: tuple[Move, ...]
    losing_index: int | None = None
    losing_move: Move | None = None
    before: Position | None = None
    better: tuple[Move, ...] = ()
    losing_range: tuple[int, int] | None = None
    range_words: str = ""
    steps: tuple[tuple[int, str], ...] = ()
    max_positions: int = 0

    def __repr__(self) -> str:
        return f"Review({self.verdict}: {self.message})"

    @property
    def settled(self) -> bool:
        """True when the review answered the question (not ``unknown`` or ``cancelled``)."""
        return self.verdict in ("lost-at", "kept-winnable", "lost-from-start")


def checks_expected(moves: int) -> int:
    """The positions a review of ``moves`` moves checks when every check settles: the last, then a bisection."""
    return 1 + math.ceil(math.log2(moves + 1))


def review(position: Position, moves: Sequence[Move], *, max_positions: int = 250_000,
           cancel: CancelToken | None = None, progress: Callable[[int, int], None] | None = None,
           known_lost: Collection[int] = ()) -> Review:
    """Replay ``moves`` from ``position`` and name the first move after which the game could no longer be won.

    Each check solves one position within ``max_positions``; ``progress(checked, about)`` is called after each
    (``about`` the checks a bisection of the moves needs when every one settles). ``cancel`` stops it (the
    result says so). The moves must be legal from ``position`` (``IllegalMoveError`` otherwise).
    ``known_lost`` lists positions (after that many moves) already proved lost, by the table's running verdict
    say: they are not searched again.
    """
    moves = tuple(Move(*m) for m in moves)
    game = Game(position, validate=False)
    positions = [game.position()]
    for move in moves:
        game.play(move)
        positions.append(game.position())
    n = len(moves)
    engine = "auto"  # the C core where it can take the game, else the Python search (solve says which)
    answers: dict[int, str] = {k: "lost" for k in known_lost if 0 <= k <= n}
    lines: dict[int, tuple[Move, ...]] = {}
    order: list[int] = []

    def check(k: int) -> str:
        if cancel is not None and cancel.cancelled:
            return "cancelled"
        if k not in answers:
            result = solve(positions[k], max_positions, cancel=cancel, engine=engine)
            answers[k] = "cancelled" if result.cancelled else result.result
            order.append(k)
            if result.result == "won":
                lines[k] = result.moves
                # The player's moves that follow the winning line keep it winnable: no solve needed.
                j = 0
                while k + j < n and j < len(result.moves) and moves[k + j] == result.moves[j]:
                    j += 1
                    answers.setdefault(k + j, "won")
                    lines.setdefault(k + j, result.moves[j:])
            if progress is not None:
                progress(len(order), checks_expected(n))
        return answers[k]

    def done(verdict: str, message: str, **fields) -> Review:
        steps = tuple((k, answers[k]) for k in sorted(answers))
        return Review(verdict, message, moves, steps=steps, max_positions=max_positions, **fields)

    budget = f"{positions_words(max_positions)} per position checked"
    last = check(n)
    if last == "cancelled":
        return done("cancelled", "Review stopped before it settled anything.")
    if last == "won":
        if positions[n].is_won:
            return done("kept-winnable", f"Every move kept the game winnable: won in {plural(n, 'move')}.")
        line = tuple(shorter_line(positions[n], lines[n]))  # the way a person would follow
        if n == 0:  # no move to review; the winning line is in ``better`` for whoever asks, not given away
            return done("kept-winnable", "No move played yet, so nothing to review: the deal can be won (proved, "
                        "seeing every card).", better=line)
        return done("kept-winnable", f"Every move so far ({n}) kept the game winnable. From here, "
                    f"{_move_words(positions[n], line[0])} is a move that still wins (proved, seeing every card).",
                    better=line)
    lo, hi = -1, (n if last == "lost" else n + 1)  # positions <= lo are won; positions >= hi are lost
    for k in range(n):  # known-won positions from the shortcut
        if answers.get(k) == "won":
            lo = max(lo, k)
    hi = min([hi, *(k for k, answer in answers.items() if answer == "lost")])  # and known-lost ones
    unknown: set[int] = {n} if last == "unknown" else set()
    while hi - lo > 1:
        candidates = [k for k in range(lo + 1, hi) if k not in unknown]
        if not candidates:
            break
        middle = (lo + hi) / 2
        k = min(candidates, key=lambda c: (abs(c - middle), c))
        answer = check(k)
        if answer == "cancelled":
            return done("cancelled", f"Review stopped; so far the game was winnable after "
                        f"{plural(max(lo, 0), 'move')}.",
                        losing_range=(lo + 1, hi))
        if answer == "won":
            lo = max(k, max((j for j in range(k, n + 1) if answers.get(j) == "won"), default=k))
        elif answer == "lost":
            hi = k
        else:
            unknown.add(k)
    if hi - lo == 1 and hi <= n:
        if lo < 0:
            return done("lost-from-start", "This deal could not be won from the start, even seeing every card: "
                        "no move lost it.", losing_range=(0, 0))
        before, move = positions[lo], moves[lo]
        line = tuple(shorter_line(before, lines[lo]))
        message = (f"The game was lost at move {lo + 1}: {_move_words(before, move)}. Before it the game could "
                   f"still be won (proved); after it, it could not (proved: the solver tried every line). "
                   f"Instead, {_move_words(before, line[0])} keeps a win (proved, seeing every card).")
        return done("lost-at", message, losing_index=lo, losing_move=move, before=before, better=line)
    first, last_k = lo + 1, min(hi, n)
    won_part = f"the game was still winnable after {plural(lo, 'move')} (proved)" if lo > 0 else (
        "the game was winnable at the start (proved)" if lo == 0 else
        "the solver could not prove even the deal winnable")
    lost_part = f"it was lost after {plural(hi, 'move')} (proved)" if hi <= n else \
        "it was not proved lost even after the last move"
    which = "the losing move is" if hi <= n and lo >= 0 else "the losing move, if there is one, is"
    named = _range_words(positions, moves, max(first, 1), last_k)
    message = f"Not settled within {budget}: {won_part}, and {lost_part}; {which} {named}.{TRY_LARGER}"
    if lo >= 0 and lines.get(lo):  # the last position proved winnable, and a way to win from it
        return done("unknown", message, losing_range=(max(first, 1), last_k), range_words=named,
                    before=positions[lo], better=tuple(shorter_line(positions[lo], lines[lo])))
    return done("unknown", message, losing_range=(max(first, 1), last_k), range_words=named)
