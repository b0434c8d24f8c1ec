"""The one pipeline from a game name and a deal number (or a date) to a game in play.

seed → (the first proved-winnable deal from it, if asked) → starting position → ``Game``. The command
line's ``deal``, ``wispwidget.deal``, ``wispwidget.play`` and the table's New deal and Daily deal all go
through ``new_game``, so they can never disagree on which deal a request means.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass

from .engine.dealing import check_seed, deal_position, parse_date
from .engine.game import Game
from .errors import WispError
from .games.catalogue import get_game
from .games.spec import GameSpec
from .limits import echo
from .studies.winnable import daily_deal_seed, winnable_seed


@dataclass(frozen=True)
class Dealt:
    """A new game and the deal number it was dealt from."""

    game: Game
    seed: int

    @property
    def spec(self) -> GameSpec:
        """The game's rules."""
        return self.game.spec


def check_flag(value: object, name: str) -> bool:
    """``value`` if it is ``True`` or ``False``; anything else (``"no"``, ``0``) raises ``WispError``."""
    if not isinstance(value, bool):
        raise WispError(f"{name} is True or False, not {echo(value)}")
    return value


def choose_seed(spec: GameSpec, seed: int | None = None, *, winnable: bool = False,
                daily: _dt.date | str | None = None) -> int:
    """The deal number a request means: the daily deal of ``daily``, else ``seed`` (1 when omitted), moved on
    to the first proved-winnable deal from it when ``winnable`` is set."""
    winnable = check_flag(winnable, "winnable")
    if daily is not None:
        return daily_deal_seed(parse_date(daily), spec)
    chosen = 1 if seed is None else check_seed(seed)
    return winnable_seed(spec, chosen) if winnable else chosen


def new_game(game: str | GameSpec = "will-o-the-wisp", seed: int | None = None, *, variant: str | None = None,
             winnable: bool = False, daily: _dt.date | str | None = None) -> Dealt:
    """Deal ``game`` (see ``choose_seed`` for which deal) and return it with its deal number."""
    spec = get_game(game, variant)
    chosen = choose_seed(spec, seed, winnable=winnable, daily=daily)
    return Dealt(Game(deal_position(spec, chosen), validate=False), chosen)


def deal(game: str | GameSpec, seed: int = 1, *, variant: str | None = None, winnable: bool = False) -> Game:
    """A new ``Game`` from deal number ``seed`` of ``game``.

    With ``winnable=True`` the deal is the first at or after ``seed`` that the solver proved winnable.
    """
    return new_game(game, seed, variant=variant, winnable=winnable).game
