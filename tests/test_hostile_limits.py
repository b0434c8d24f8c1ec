"""wispwidget.limits: every number a user gives, range-checked once."""

from __future__ import annotations

import math

import pytest

from wispwidget.limits import (
    MAX_POSITIONS,
    MAX_SEED,
    LimitError,
    check_depth,
    check_max_positions,
    check_seed,
    check_time_limit,
    check_workers,
    echo,
    parse_deal_range,
    parse_float,
    parse_int,
)


def test_budgets():
    assert check_max_positions(1) == 1 and check_max_positions(MAX_POSITIONS) == MAX_POSITIONS
    for bad in (0, -1, MAX_POSITIONS + 1, 2**63, 2**64 + 500_000, 1.5, "5", None, True):
        with pytest.raises(LimitError):
            check_max_positions(bad)


def test_time_limits_are_positive_and_finite_or_none():
    assert check_time_limit(None) is None and check_time_limit(0.25) == 0.25 and check_time_limit(3) == 3.0
    for bad in (0, -0.0, -1, math.nan, math.inf, -math.inf, 10**400, "1", True):
        with pytest.raises(LimitError):
            check_time_limit(bad)


def test_seeds_depths_workers():
    assert check_seed(0) == 0 and check_seed(MAX_SEED) == MAX_SEED
    for bad in (-1, MAX_SEED + 1, 1.0, "1", True, None):
        with pytest.raises(LimitError):
            check_seed(bad)
    assert check_depth(0) == 0 and check_depth(64) == 64
    with pytest.raises(LimitError):
        check_depth(10**22)
    with pytest.raises(LimitError):
        check_workers(0)


def test_command_line_numbers_are_ascii_and_short():
    assert parse_int("42", "n") == 42 and parse_int("-3", "n") == -3
    for bad in ("１２", "٣", "1_000", "0x10", "1e3", "", " ", "9" * 1001):
        with pytest.raises(LimitError):
            parse_int(bad, "n")
    assert parse_float("1.5", "s") == 1.5 and math.isnan(parse_float("nan", "s"))
    for bad in ("１", "1_0", "½", "0x1p3", "1" * 41):
        with pytest.raises(LimitError):
            parse_float(bad, "s")


def test_deal_ranges():
    assert parse_deal_range("7") == range(7, 8) and parse_deal_range("1-1000") == range(1, 1001)
    for bad in ("5-1", "-5", "1-", "a-b", "1-1000000000000", f"0-{2**64}", "１-２"):
        with pytest.raises(LimitError):
            parse_deal_range(bad)


def test_echo_cuts_long_values():
    assert echo("abc") == "'abc'"
    long = echo("x" * 50_000_000)
    assert len(long) < 100 and "50,000,002 characters" in long
    assert "digits" in echo(10**5000)


@pytest.mark.parametrize(("argv", "echoed"), [
    (["study", "mini-wisp", "--deals", "1-3", "--time-limit", "0"], "seconds, not 0\n"),
    (["study", "mini-wisp", "--deals", "1-3", "--max-positions", "1000000000000"], "memory, not 1,000,000,000,000\n"),
    (["solve", "-", "--time-limit", "-1.5"], "seconds, not -1.5\n"),
])
def test_a_refused_number_is_quoted_as_it_was_typed(argv, echoed, capsys):
    """A teacher typed ``--time-limit 0`` and was told "not 0.0"; ``1000000000000`` came back ungrouped beside a
    grouped limit in the same sentence."""
    from wispwidget.cli import main

    assert main(argv) == 2
    assert capsys.readouterr().err.endswith(echoed)
