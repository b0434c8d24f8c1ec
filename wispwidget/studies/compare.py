"""``compare``: several algorithms on one position, as a lecture slide would show them."""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

from ..engine.game import Game
from ..engine.position import Position
from ..search.algorithms import algorithm_named
from ..search.problem import SearchProblem
from ..search.solver import position_of, solve

COLUMNS = ("algorithm", "solved", "length", "expanded", "generated", "seconds", "memory")


@dataclass
class Comparison:
    """The rows of a comparison; shows as a table in a notebook; ``plot()`` draws bars."""

    rows: list[dict[str, Any]]

    def _repr_html_(self) -> str:
        # styled in place: a page that resets tables (marimo's) ran the header into one word
        cell = 'style="padding: 2px 10px; text-align: {}; border-bottom: 1px solid rgba(128, 128, 128, 0.4)"'
        head = "".join(f"<th {cell.format('left' if c == 'algorithm' else 'right')}>{c}</th>" for c in COLUMNS)
        body = "".join("<tr>" + "".join(f"<td {cell.format('left' if c == 'algorithm' else 'right')}>"
                                        f"{html.escape(_cell(row[c]))}</td>" for c in COLUMNS) + "</tr>"
                       for row in self.rows)
        return (f'<table style="border-collapse: collapse; font-variant-numeric: tabular-nums">'
                f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")

    def __repr__(self) -> str:
        widths = [max(len(c), *(len(_cell(r[c])) for r in self.rows)) for c in COLUMNS]
        lines = ["  ".join(c.ljust(w) for c, w in zip(COLUMNS, widths))]
        lines += ["  ".join(_cell(r[c]).ljust(w) for c, w in zip(COLUMNS, widths)) for r in self.rows]
        return "\n".join(lines)

    def plot(self, metric: str = "expanded", ax=None):
        """A bar chart of one column (needs matplotlib); returns the axes."""
        import matplotlib.pyplot as plt

        if ax is None:
            _, ax = plt.subplots(figsize=(max(6.0, 1.1 * len(self.rows)), 3.4), layout="constrained")
        names = [r["algorithm"] for r in self.rows]
        values = [r[metric] or 0 for r in self.rows]
        bars = ax.bar(names, values, color=["#66bb6a" if r["solved"] else "#ef5350" for r in self.rows])
        ax.bar_label(bars, labels=[f"{v:,}" if isinstance(v, int) else f"{v:.3g}" for v in values], fontsize=8)
        log = max(values, default=0) > 1000  # a spread this wide needs a log axis, said on the axis
        ax.set_ylabel(f"{metric} (log scale)" if log else metric)
        if log:
            ax.set_yscale("log")
            ax.set_ylim(bottom=1)  # bars rise from 1, so a small count is a short bar, not none
        ax.set_title(f"{metric} by algorithm (green: solved)")
        ax.tick_params(axis="x", labelrotation=30)
        for label in ax.get_xticklabels():
            label.set_horizontalalignment("right")
            label.set_rotation_mode("anchor")
        return ax


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.3f}"
    return "-" if value is None else str(value)


def compare(position: Position | Game, algorithms: list[str] | None = None, *, max_expansions: int = 200_000,
            heuristic: str = "cards-left", dedupe: bool = True, ordering: bool = False,
            include_solver: bool = True, timings: bool = True) -> Comparison:
    """Run each algorithm (and the tuned solver) on ``position``.

    The switches are ``wispwidget.trace``'s defaults (pruning on, ``ordering`` off), so each row counts what the
    trace view of the same search shows. ``memory`` is the most nodes held at once (for the tuned solver: stored
    positions). ``timings=False`` blanks the seconds, for reproducible output. Anything but a ``Game`` or a
    ``Position`` raises ``WispError``; an unknown algorithm, ``SearchOptionError`` (before any search runs).
    """
    position = position_of(position, "compare")
    names = algorithms or ["bfs", "dfs", "iddfs", "greedy", "astar", "weighted-astar"]
    searches = [algorithm_named(name) for name in names]
    rows = []
    for name, search in zip(names, searches):
        problem = SearchProblem(position, ordering=ordering)
        options: dict[str, Any] = {"max_expansions": max_expansions}
        if name in ("astar", "greedy", "weighted-astar"):
            options["heuristic"] = heuristic if name == "astar" else "disorder"
        if name != "iddfs":
            options["dedupe"] = dedupe
        result = search(problem, **options)
        rows.append({"algorithm": name, "solved": result.solved, "length": result.length,
                     "expanded": result.expanded, "generated": result.generated,
                     "seconds": result.seconds if timings else None, "memory": result.peak_nodes})
    if include_solver:
        tuned = solve(position, max_positions=max_expansions)
        rows.append({"algorithm": "tuned solver", "solved": tuned.result == "won",
                     "length": len(tuned.moves) if tuned.result == "won" else None, "expanded": tuned.positions,
                     "generated": tuned.positions, "seconds": tuned.seconds if timings else None,
                     "memory": tuned.positions})
    return Comparison(rows)
