"""Small statistics for studies: the Wilson score interval and percentiles."""

from __future__ import annotations

import math


def wilson_interval(successes: int, trials: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def winnable_bounds(won: int, lost: int, unknown: int) -> tuple[float, float]:
    """95% bounds on the winnable share, counting unknowns both ways (Blake & Gent).

    The lower bound counts every unknown as lost, the upper as won.
    """
    n = won + lost + unknown
    low, _ = wilson_interval(won, n)
    _, high = wilson_interval(won + unknown, n)
    return low, high


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) by the nearest-rank method; 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(q * len(ordered)))
    return ordered[rank - 1]
