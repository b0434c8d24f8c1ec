"""The comparison chart a teacher shows: what its axis means, and every bar's number."""

import pytest

from wispwidget import compare, deal


def test_a_log_axis_says_so_and_every_bar_carries_its_number():
    """A teacher saw greedy's bar as nothing on an unlabelled log axis that started near 15."""
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    table = compare(deal("will-o-the-wisp", 3).position(), ["bfs", "greedy"], max_expansions=5_000, timings=False)
    values = [row["expanded"] for row in table.rows]
    ax = table.plot("expanded")
    assert max(values) > 1000 and ax.get_yscale() == "log"
    assert ax.get_ylabel() == "expanded (log scale)" and ax.get_ylim()[0] == 1
    shown = [text.get_text() for text in ax.texts]
    assert all(f"{v:,}" in shown for v in values), (shown, values)


def test_a_narrow_spread_keeps_a_plain_axis():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    table = compare(deal("micro-wisp", 1).position(), ["bfs", "astar"], timings=False)
    ax = table.plot("expanded")
    assert ax.get_yscale() == "linear" and ax.get_ylabel() == "expanded"
