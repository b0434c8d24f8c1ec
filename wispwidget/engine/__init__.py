"""The rules engine: positions, moves, and the game that plays them."""

from .dealing import check_seed, daily_seed, deal_position, parse_date
from .game import Game
from .move import DEAL, DRAW, Move, parse_location
from .perft import perft
from .position import Pile, Position, finished_run_on_top

__all__ = [
    "DEAL", "DRAW", "Game", "Move", "Pile", "Position", "check_seed", "daily_seed", "deal_position",
    "finished_run_on_top", "parse_date", "parse_location", "perft",
]
