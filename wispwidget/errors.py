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
