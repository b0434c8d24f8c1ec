"""Hidden means hidden, card by card: on a deck of two copies a search trace never names the copy the class did
not see, and names the copy it did.

At ``reveal=False`` the class sees what was face up at the root (the piles' face-up cards, the waste, the
foundations); a card face down or in the stock there is ``"??"`` in every node, turned up or not (trace_view.py,
docs/teaching.md). The oracle here knows where a physical card is without following moves: a pile changes only
at its top, so a card at index ``i`` of a pile that never got shorter than ``i + 1`` on the node's path is the
root's card there.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("anywidget")

import wispwidget as ww
from wispwidget import deal
from wispwidget.cards import card_str
from wispwidget.engine.game import Game
from wispwidget.engine.move import Move
from wispwidget.engine.position import Position
from wispwidget.search.trace import GENERATE, Trace
from wispwidget.widgets.trace_view import UNKNOWN, SearchTraceWidget

from .helpers import position

Node = tuple[str, Position, tuple[int, ...]]


def nodes(trace: Trace) -> Iterator[Node]:
    """Each generated node: its id, its position, and each pile's least length on the path from the root."""
    start = trace.start
    seen: dict[int, tuple[Position, tuple[int, ...]]] = {0: (start, tuple(len(p) for p in start.tableau))}
    yield "0", *seen[0]
    for event in trace.events:
        if event[0] != GENERATE or event[2] < 0 or event[2] not in seen:
            continue
        parent, least = seen[event[2]]
        game = Game(parent, validate=False)
        game.push(trace.moves[event[3]])
        child = game.position()
        seen[event[1]] = (child, tuple(min(n, len(p)) for n, p in zip(least, child.tableau, strict=True)))
        yield str(event[1]), *seen[event[1]]


def stayed(trace: Trace, node: Node) -> Iterator[tuple[int, int, str]]:
    """The face-up cards of a node still where they lay at the root: (pile, index in its face-up cards, what the
    class may be shown there: the card's name if it was face up at the root, else "??")."""
    _, at, least = node
    for p, pile in enumerate(at.tableau):
        down_at_root = len(trace.start.tableau[p].down)
        for j, card in enumerate(pile.up):
            i = len(pile.down) + j
            if i < least[p]:
                yield p, j, UNKNOWN if i < down_at_root else card_str(card)


def names(drawn: dict[str, Any]) -> Counter:
    """The cards a drawn position names, with their counts."""
    shown = [c for pile in drawn["tableau"] for c in pile["up"]] + list(drawn["waste"])
    shown += [c for f in drawn.get("foundations", []) for c in f]
    return Counter(c for c in shown if c != UNKNOWN)


def seen_at_root(start: Position) -> Counter:
    seen = Counter(card_str(c) for pile in start.tableau for c in pile.up)
    seen.update(card_str(c) for c in start.waste)
    seen.update(card_str(c) for f in start.foundations for c in f)
    return seen


def turned_copy() -> Position:
    """Mini Widow (two copies of A-5 of spades and hearts): pile 0's face-down 4S is turned when its 2H moves onto
    pile 1's 3S; the other 4S lies face up on pile 2, after it."""
    return position("mini-widow", piles=["4S | 2H", "AH | 3S", "5H | 4S", "2S | 5S", "3H | AS"], rest="stock")


def assert_masked_card_by_card(trace: Trace, positions: dict[str, Any]) -> int:
    """Every node drawn names no card the class did not see and hides none it did; return the cards checked."""
    root_seen, checked = seen_at_root(trace.start), 0
    for node in nodes(trace):
        drawn = positions.get(node[0])
        if drawn is None:
            continue
        assert not names(drawn) - root_seen, f"node {node[0]} names more copies than the class saw"
        for p, j, want in stayed(trace, node):
            assert drawn["tableau"][p]["up"][j] == want, f"node {node[0]}, pile {p}: {want} expected"
            checked += 1
    return checked


def test_a_turned_copy_stays_hidden_and_the_visible_copy_is_named():
    start = turned_copy()
    trace = ww.trace(start, "bfs", max_expansions=60).trace
    w = SearchTraceWidget(trace)
    positions = w.trace["positions"]
    (child,) = [str(e[1]) for e in trace.events if e[0] == GENERATE and e[2] == 0
                and trace.moves[e[3]] == Move("t0", "t1", 1)]
    assert positions[child]["tableau"][0]["up"] == [UNKNOWN]  # the 4S turned by the search
    assert positions[child]["tableau"][2]["up"] == ["4S"]  # the 4S the class sees
    assert assert_masked_card_by_card(trace, positions) > 0


@pytest.mark.parametrize(("game", "seed", "algorithm"), [("mini-widow", 2, "bfs"), ("mini-widow", 9, "dfs"),
                                                         ("mini-moon", 5, "bfs"), ("black-widow", 5, "bfs")])
def test_every_node_of_a_two_copy_trace_is_masked_card_by_card(game, seed, algorithm):
    trace = ww.trace(deal(game, seed).position(), algorithm, max_expansions=300).trace
    w = SearchTraceWidget(trace)
    assert assert_masked_card_by_card(trace, w.trace["positions"]) > 0
    sent = json.dumps(w.get_state(), default=str)
    assert '"hidden"' not in sent  # no face-down identity is sent at all
    revealed = SearchTraceWidget(trace, reveal=True).trace["positions"]  # asked for from Python only
    assert any(names(p) - seen_at_root(trace.start) for p in revealed.values())
