"""wispwidget: Spider- and Forty-Thieves-family solitaire to play, solve and teach in Jupyter."""

from .api import deal, new_game
from .cards import Deck, card_str, parse_card
from .engine import DEAL, DRAW, Game, Move, Pile, Position, daily_seed, deal_position, perft
from .errors import (
    FormatError,
    IllegalMoveError,
    InvalidPositionError,
    NoDestinationError,
    NothingToUndoError,
    UnknownGameError,
    WispError,
)
from .games import CATALOGUE, GameSpec, game_ids, get_game, register, variants
from .io.formats import (
    position_from_dict,
    position_to_dict,
    read_position,
    read_solution,
    write_position,
    write_solution,
)
from .search import BackgroundSolve, CancelToken, SolveResult, solve
from .search.algorithms import trace
from .search.hints import Hint, Hinter
from .studies.compare import compare
from .studies.winnable import daily_deal_seed, winnable_seed

__version__ = "0.1.0"

__all__ = [
    "BackgroundSolve", "CATALOGUE", "CancelToken", "DEAL", "DRAW", "Deck", "FormatError", "Game", "GameSpec", "Hint",
    "Hinter", "IllegalMoveError", "InvalidPositionError", "Move", "NoDestinationError", "NothingToUndoError", "Pile",
    "Position", "SearchTraceWidget", "SolveResult", "TableWidget", "UnknownGameError", "VariantLabWidget",
    "WispError", "card_str", "compare", "daily_deal_seed", "daily_seed", "deal", "deal_position", "game_ids",
    "get_game", "new_game", "parse_card", "perft", "play", "position_from_dict", "position_to_dict", "read_position",
    "read_solution", "register", "solve", "trace", "variant_lab", "variants", "winnable_seed", "write_position",
    "write_solution",
]

_WIDGETS = {"play", "TableWidget", "SearchTraceWidget", "VariantLabWidget", "variant_lab"}


def __getattr__(name: str):
    """The widgets load on first use, so the command line never imports the notebook stack."""
    if name in _WIDGETS:
        from . import widgets

        return getattr(widgets, name)
    raise AttributeError(f"module 'wispwidget' has no attribute {name!r}")
