"""Positions drawn as text for a terminal (``wispwidget show``)."""

from __future__ import annotations

from ..cards import SUIT_CHARS, card_str
from ..engine.position import Position
from .words import plural


def render(position: Position, reveal: bool = False) -> str:
    """A position as lines of text: stock, waste and foundations, then the piles as columns, headed by their
    numbers as the table names them (pile 1 is ``t0`` in the JSON formats).

    Face-down cards show as ``##`` unless ``reveal`` is set, when they show in lower case.
    """
    spec = position.spec
    lines = [f"{spec.name} · {spec.game}/{spec.variant}"]
    head = f"stock: {len(position.stock)}"
    if spec.stock.value == "deal-to-piles":
        piles = spec.piles
        head += f" ({plural(-(-len(position.stock) // piles), 'deal')} left)" if position.stock else ""
    if spec.has_waste:
        head += "   waste: " + (card_str(position.waste[-1]) if position.waste else "--")
        head += f" ({len(position.waste)})"
    if spec.removes_runs:
        done = " ".join(SUIT_CHARS[s] for s in position.finished) or "--"
        head += f"   finished runs: {done}"
    else:
        head += "   foundations: " + " ".join(card_str(p[-1]) if p else "--" for p in position.foundations)
    lines.append(head)
    columns = []
    for pile in position.tableau:
        hidden = [card_str(c).lower() if reveal else "##" for c in pile.down]
        columns.append(hidden + [card_str(c) for c in pile.up])
    lines.append(" ".join(f"{i:<3}" for i in range(1, len(columns) + 1)).rstrip())  # pile 1, 2, ... as the table says
    for row in range(max((len(c) for c in columns), default=0)):
        lines.append(" ".join(f"{c[row] if row < len(c) else '':<3}" for c in columns).rstrip())
    if position.is_won:
        lines.append("won")
    return "\n".join(lines)
