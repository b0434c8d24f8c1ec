"""The shipped catalogue of winnable deals is true, and the daily deal is fixed per date."""

from __future__ import annotations

import json

import pytest

from wispwidget import daily_deal_seed, deal, get_game, solve, winnable_seed
from wispwidget.studies.winnable import CATALOGUE_FILE, catalogue_range, proved_seeds

DATA = json.loads(CATALOGUE_FILE.read_text())


@pytest.mark.parametrize("key", sorted(DATA["games"]))
def test_catalogue_entries_are_proved_again(key):
    game, variant = key.split("/")
    seeds = DATA["games"][key]
    assert seeds == sorted(seeds) and all(DATA["range"][0] <= s <= DATA["range"][1] for s in seeds)
    for seed in seeds[:2]:  # a sample: each re-proof replays its line through the engine
        result = solve(deal(game, seed, variant=variant).position(), max_positions=DATA["max_positions"])
        assert result.result == "won", (key, seed)


def test_catalogue_range_covers_every_entry():
    deals = catalogue_range()
    assert (deals.start, deals.stop - 1) == tuple(DATA["range"]) and len(deals) >= 100
    assert all(set(proved_seeds(key)) <= set(deals) for key in DATA["games"])
    assert len(proved_seeds("will-o-the-wisp/standard")) > len(deals) // 2  # not a count of some other range


def test_winnable_seed_uses_the_catalogue_then_proves_live():
    known = proved_seeds("mini-wisp/standard")
    missing = next(s for s in range(1, 100) if s not in known)
    assert winnable_seed("mini-wisp", missing) == next(s for s in known if s > missing)
    beyond = DATA["range"][1] + 1
    seed = winnable_seed("mini-wisp", beyond)
    assert seed >= beyond and solve(deal("mini-wisp", seed).position()).result == "won"


def test_daily_deal_is_a_catalogue_deal_fixed_by_date():
    spec = get_game("will-o-the-wisp")
    seed = daily_deal_seed("2026-11-29", spec)
    assert seed in proved_seeds(spec.key)
    assert daily_deal_seed("2026-11-29", spec) == seed
    days = {daily_deal_seed(f"2026-12-{d:02d}", spec) for d in range(1, 15)}
    assert len(days) > 3


def test_live_search_is_bounded_in_time(monkeypatch):
    import time

    from wispwidget import WispError
    from wispwidget.studies import winnable

    monkeypatch.setattr(winnable, "LIVE_SECONDS", 0.5)
    started = time.monotonic()
    with pytest.raises(WispError, match="could be proved winnable within"):
        winnable_seed("waning-moon", DATA["range"][1] + 1)  # past the catalogue, and no quick proofs
    assert time.monotonic() - started < 5
