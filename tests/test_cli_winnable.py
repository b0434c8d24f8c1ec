"""``deal --winnable`` (``winnable_seed``) looks for a winnable deal from the seed up, and stops at the last deal
number: it never names a deal number past 2**64 - 1, which the user never gave."""

from __future__ import annotations

import pytest

from wispwidget import WispError, winnable_seed
from wispwidget.cli import main
from wispwidget.limits import MAX_SEED
from wispwidget.search.solver import SolveResult
from wispwidget.studies import winnable


def test_deal_winnable_from_the_last_deal_number_says_so(capsys):
    status = main(["deal", "micro-wisp", "--seed", str(MAX_SEED), "--winnable"])
    out, err = capsys.readouterr()
    assert status == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert f"from {MAX_SEED} to the last deal number ({MAX_SEED})" in err, err
    assert str(MAX_SEED + 1) not in err


def test_the_live_search_stops_at_the_last_deal_number(monkeypatch):
    """``winnable_seed('waxing-moon', 2**64 - 3)`` tried deal 2**64 and blamed it on the user."""
    tried: list[int] = []
    real = winnable.deal_position
    monkeypatch.setattr(winnable, "deal_position", lambda spec, seed: tried.append(seed) or real(spec, seed))
    monkeypatch.setattr(winnable, "solve", lambda *args, **kwargs: SolveResult("lost", (), 1, 0.0))  # none is won
    with pytest.raises(WispError, match="to the last deal number") as refused:
        winnable_seed("waxing-moon", MAX_SEED - 2)
    assert tried == [MAX_SEED - 2, MAX_SEED - 1, MAX_SEED] and str(MAX_SEED + 1) not in str(refused.value)
