"""An independent, deliberately naive reading of rules.md, for cross-checking the engine.

Written from the rules text, not from ``wispwidget.engine.game``: it tries every
conceivable (from, to, count) triple on an immutable position and keeps those
the rules allow, then builds the next position by copying. Slow and plain on
purpose. Only the data types (``Position``, ``Pile``) and card helpers are shared.
"""

from __future__ import annotations

import itertools

from wispwidget.cards import rank_of, suit_of
from wispwidget.engine.position import Pile, Position
from wispwidget.games.spec import Build, EmptyPile, Foundations, Movable, Stock

Triple = tuple[str, str, int]


def _is_run(cards, same_suit: bool) -> bool:
    """Each card one rank below the card under it (and of one suit if asked)."""
    for lower, upper in itertools.pairwise(cards):
        if rank_of(upper) != rank_of(lower) - 1:
            return False
        if same_suit and suit_of(upper) != suit_of(lower):
            return False
    return True


def _group_may_move(spec, up, count: int) -> bool:
    if count < 1 or count > len(up):
        return False
    group = up[len(up) - count:]
    if spec.movable is Movable.SINGLE_CARD:
        return count == 1
    if spec.movable is Movable.SUITED_RUN:
        return count == 1 or _is_run(group, same_suit=True)
    return _is_run(group, same_suit=False)


def _pile_accepts(spec, pile: Pile, card) -> bool:
    if not pile.up:
        if spec.empty_pile is EmptyPile.ANY:
            return True
        return rank_of(card) == spec.deck.top_rank
    top = pile.up[-1]
    if rank_of(top) != rank_of(card) + 1:
        return False
    return spec.build is Build.ANY_SUIT or suit_of(top) == suit_of(card)


def _foundation_accepts(pile, card) -> bool:
    if not pile:
        return rank_of(card) == 1
    return suit_of(pile[-1]) == suit_of(card) and rank_of(card) == rank_of(pile[-1]) + 1


def won(pos: Position) -> bool:
    return not pos.stock and not pos.waste and all(not p.down and not p.up for p in pos.tableau)


def legal_triples(pos: Position) -> list[Triple]:
    """Every legal (from, to, count), found by trying every candidate."""
    if won(pos):
        return []
    n, nf = len(pos.tableau), len(pos.foundations)
    sources = [f"t{i}" for i in range(n)] + [f"f{i}" for i in range(nf)] + ["waste", "stock"]
    targets = [f"t{i}" for i in range(n)] + [f"f{i}" for i in range(nf)] + ["waste", "tableau"]
    max_count = max([len(p.up) for p in pos.tableau] + [1])
    found = []
    for s in sources:
        for t in targets:
            for count in range(1, max_count + 1):
                if _legal(pos, s, t, count):
                    found.append((s, t, count))
    return found


def _legal(pos: Position, s: str, t: str, count: int) -> bool:
    spec = pos.spec
    if s == "stock":
        if count != 1 or not pos.stock:
            return False
        if spec.stock is Stock.DRAW_TO_WASTE:
            return t == "waste"
        if t != "tableau":
            return False
        return not any(not p.up for p in pos.tableau)  # no deal while a pile is empty
    if t in ("stock", "tableau", "waste") or s == t:
        return False
    if s == "waste":
        if count != 1 or not pos.waste:
            return False
        card = pos.waste[-1]
    elif s.startswith("f"):
        if count != 1:
            return False
        pile = pos.foundations[int(s[1:])]
        if not pile:
            return False
        card = pile[-1]
        if t.startswith("f"):
            return len(pile) == 1 and not pos.foundations[int(t[1:])]
    else:
        up = pos.tableau[int(s[1:])].up
        if not _group_may_move(spec, up, count):
            return False
        card = up[len(up) - count]
        if t.startswith("f") and count != 1:
            return False
    if t.startswith("f"):
        builds = spec.foundations is Foundations.BUILD_UP_IN_SUIT
        return builds and _foundation_accepts(pos.foundations[int(t[1:])], card)
    return _pile_accepts(spec, pos.tableau[int(t[1:])], card)


def _tidy(spec, piles: list[list], finished: list[int], order: list[int]) -> None:
    """After a move or deal: finished runs leave, then face-down tops turn, pile by pile."""
    top = spec.deck.top_rank
    for i in order:
        down, up = piles[i]
        changed = True
        while changed:
            changed = False
            if spec.foundations is Foundations.REMOVE_RUNS and len(up) >= top:
                run = up[len(up) - top:]
                if rank_of(run[0]) == top and _is_run(run, same_suit=True):
                    finished.append(suit_of(run[0]))
                    del up[len(up) - top:]
                    changed = True
            if not up and down:
                up.append(down.pop())
                changed = True


def after(pos: Position, triple: Triple) -> Position:
    """The position after a legal move (a fresh object; ``pos`` is unchanged)."""
    spec = pos.spec
    s, t, count = triple
    piles = [[list(p.down), list(p.up)] for p in pos.tableau]
    stock, waste = list(pos.stock), list(pos.waste)
    finished = list(pos.finished)
    founds = [list(f) for f in pos.foundations]
    touched: list[int] = []
    if s == "stock":
        if t == "waste":
            waste.append(stock.pop(0))
        else:
            i = 0
            while stock and i < len(piles):
                piles[i][1].append(stock.pop(0))
                touched.append(i)
                i += 1
    else:
        if s == "waste":
            moving = [waste.pop()]
        elif s.startswith("f"):
            moving = [founds[int(s[1:])].pop()]
        else:
            up = piles[int(s[1:])][1]
            moving = up[len(up) - count:]
            del up[len(up) - count:]
            touched.append(int(s[1:]))
        if t.startswith("f"):
            founds[int(t[1:])].extend(moving)
        else:
            piles[int(t[1:])][1].extend(moving)
            touched.append(int(t[1:]))
    _tidy(spec, piles, finished, sorted(set(touched)) if s == "stock" else touched)
    return Position(
        spec=spec,
        tableau=tuple(Pile(tuple(d), tuple(u)) for d, u in piles),
        stock=tuple(stock),
        waste=tuple(waste),
        finished=tuple(finished),
        foundations=tuple(tuple(f) for f in founds),
    )


def reference_perft(pos: Position, depth: int) -> int:
    """Count the legal move sequences of length ``depth`` by brute force."""
    if depth == 0:
        return 1
    return sum(reference_perft(after(pos, m), depth - 1) for m in legal_triples(pos))
