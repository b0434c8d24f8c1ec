"""Winnable deals: deal numbers the solver has proved won.

A shipped catalogue (``data/winnable.json``, made by
``benchmarks/make_winnable_catalogue.py`` and checked by the tests) answers at
once; past it, deals are proved live, in order, from the seed asked for.
"""

from __future__ import annotations

import datetime as _dt
import json
import time
from bisect import bisect_left
from functools import cache
from pathlib import Path

from ..engine.dealing import check_seed, daily_seed, deal_position, parse_date
from ..errors import WispError
from ..games.catalogue import get_game
from ..games.spec import GameSpec
from ..limits import MAX_SEED
from ..search.solver import CancelToken, solve

CATALOGUE_FILE = Path(__file__).resolve().parent.parent / "data" / "winnable.json"
LIVE_POSITIONS = 250_000
LIVE_TRIES = 200
LIVE_SECONDS = 30.0


@cache
def _catalogue() -> dict:
    if not CATALOGUE_FILE.exists():
        return {"range": [1, 0], "games": {}}
    return json.loads(CATALOGUE_FILE.read_text())


def catalogue_range() -> range:
    """The deal numbers the shipped catalogue covers (every one was tried at the catalogue's budget)."""
    first, last = _catalogue()["range"]
    return range(first, last + 1)


def proved_seeds(key: str) -> tuple[int, ...]:
    """Every deal number of the catalogue's range proved winnable for ``game/variant``, sorted."""
    return tuple(sorted(_catalogue()["games"].get(key, [])))


def winnable_seed(game: str | GameSpec, seed: int = 1, variant: str | None = None, *,
                  cancel: CancelToken | None = None) -> int:
    """The first deal number at or after ``seed`` that the solver proved winnable; ``cancel`` stops a search past
    the catalogue at once (``WispError``)."""
    spec = get_game(game, variant)
    seed = check_seed(seed)
    deals = catalogue_range()
    known = proved_seeds(spec.key)
    if known and seed in deals:
        at = bisect_left(known, seed)
        if at < len(known):
            return known[at]
        seed = deals.stop
    return _live(spec, seed, cancel)


def _live(spec: GameSpec, seed: int, cancel: CancelToken | None = None) -> int:
    """Prove deals from ``seed`` on, one by one, for at most LIVE_TRIES deals or LIVE_SECONDS, and never past the
    last deal number (``MAX_SEED``)."""
    started = time.monotonic()
    candidates = range(seed, min(seed + LIVE_TRIES, MAX_SEED + 1))
    for candidate in candidates:
        left = LIVE_SECONDS - (time.monotonic() - started)
        if left <= 0:
            raise WispError(f"no deal of {spec.key} from {seed} to {candidate - 1} could be proved winnable within "
                            f"{LIVE_SECONDS:.0f} s; try another deal number, or play without --winnable")
        if solve(deal_position(spec, candidate), LIVE_POSITIONS, left, cancel=cancel).result == "won":
            return candidate
        if cancel is not None and cancel.cancelled:
            raise WispError(f"the search for a winnable deal of {spec.key} was stopped at deal {candidate}")
    if candidates[-1] == MAX_SEED:
        raise WispError(f"no deal of {spec.key} from {seed} to the last deal number ({MAX_SEED}) was proved "
                        "winnable; try a smaller deal number")
    raise WispError(f"no deal of {spec.key} from {seed} to {candidates[-1]} was proved winnable")


def daily_deal_seed(date: _dt.date | str, game: str | GameSpec = "will-o-the-wisp", variant: str | None = None, *,
                    cancel: CancelToken | None = None) -> int:
    """The daily deal: a proved-winnable deal number chosen from the date (the same for everyone)."""
    spec = get_game(game, variant)
    day = parse_date(date)
    known = proved_seeds(spec.key)
    if known:
        return known[daily_seed(day, spec) % len(known)]
    return winnable_seed(spec, daily_seed(day, spec) % 1_000_000 + 1, cancel=cancel)
