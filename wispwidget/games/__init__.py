"""Games described as data, and the catalogue of supported games."""

from .catalogue import CATALOGUE, game_ids, get_game, register, variants
from .spec import Build, EmptyPile, Foundations, GameSpec, Movable, Stock

__all__ = [
    "CATALOGUE", "Build", "EmptyPile", "Foundations", "GameSpec", "Movable", "Stock",
    "game_ids", "get_game", "register", "variants",
]
