"""Replaying a solution file: the ``wisp-check/1`` result."""

from __future__ import annotations

from typing import Any

from ..engine.game import Game
from ..errors import FormatError
from .formats import CHECK_FORMAT, read_solution


def check_solution_text(text: str | bytes) -> dict[str, Any]:
    """Replay a ``wisp-solution/1`` document; return the ``wisp-check/1`` result.

    A document that cannot be read gives ``valid: false`` with ``error.move`` null.
    """
    try:
        position, moves = read_solution(text)
    except FormatError as exc:
        return {"format": CHECK_FORMAT, "valid": False, "won": False, "moves": 0,
                "error": {"move": None, "reason": str(exc)}}
    game = Game(position, validate=False)
    for index, move in enumerate(moves):
        reason = game.why_illegal(move)
        if reason is not None:
            return {"format": CHECK_FORMAT, "valid": False, "won": False, "moves": index,
                    "error": {"move": index, "reason": reason}}
        game.push(move)
    # every move legal: no error, won or not (formats.md: an error with a null move is a file not read)
    return {"format": CHECK_FORMAT, "valid": True, "won": game.is_won(), "moves": len(moves)}


def not_won_words(result: dict[str, Any]) -> str:
    """What a person is told of a valid solution that does not win (on standard error, beside the result)."""
    played = f"{result['moves']:,} move{'' if result['moves'] == 1 else 's'}"
    return f"the moves are legal, but the game is not won after its {played}"
