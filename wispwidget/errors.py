"""Exception types. Every error a user can cause is a ``WispError`` with a precise message."""

from __future__ import annotations


class WispError(Exception):
    """Base class of every error this package raises on bad input or illegal play."""


class UnknownGameError(WispError, ValueError):
    """A game id or variant that is not in the catalogue."""


class FormatError(WispError, ValueError):
    """Malformed JSON or a document that breaks the interchange format. The message says where."""


class InvalidPositionError(FormatError):
    """A position that is not well formed (wrong deck, face-down card on top, ...)."""


class IllegalMoveError(WispError, ValueError):
    """A move that the rules do not allow in the current position. The game is unchanged."""


class NoDestinationError(IllegalMoveError):
    """A click on a card that cannot go anywhere (or cannot move at all)."""


class NothingToUndoError(WispError):
    """``undo`` with an empty history, or ``redo`` with nothing undone."""


def did_you_mean(name: object, choices: list[str]) -> str:
    """`` (did you mean 'x'?)`` when ``name`` is a near miss of one of ``choices``, else ``""``: for messages that
    refuse a name a person typed."""
    if not isinstance(name, str) or len(name) > 60:
        return ""
    from difflib import get_close_matches

    close = get_close_matches(name, choices, n=1, cutoff=0.75)
    return f" (did you mean {close[0]!r}?)" if close else ""
