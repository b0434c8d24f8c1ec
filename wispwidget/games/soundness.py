"""Which pruning rules and dominances are sound for a game's rules: derived from the ``GameSpec``, stated once.

The C core's encoding (``search/native.py``), the teaching search (``search/problem.py``) and the docs
(``docs/solver.md``, checked against ``soundness_table``) all read these predicates; none of them restates a
rule's conditions. Each predicate's docstring is its soundness argument.
"""

from __future__ import annotations

from dataclasses import dataclass

from .spec import Build, EmptyPile, Foundations, GameSpec, Movable, Stock


def ace_to_foundation_is_sound(spec: GameSpec) -> bool:
    """"An Ace that can go to a foundation goes there at once" loses no win.

    Nothing is ever laid on an Ace (ranks do not wrap), so an Ace on the tableau only occupies its pile. On a
    foundation that builds up in suit it holds a foundation pile; with at least one foundation pile per Ace of
    the deck it never takes the place another Ace needs. The pile it leaves is then empty, which accepts at least
    what the Ace's pile accepted (nothing), unless an empty pile stops the stock: so the rule is off wherever
    ``deal_needs_no_empty_pile`` is set. That holds for a stock that draws to a waste too: the engine (and the C
    core) refuse a draw while a pile is empty just as they refuse a deal, and an Ace alone in its pile, sent to
    a foundation, would then stop the draws until something fills the pile (a rule-variant lab combination;
    this predicate used to look at dealing stocks only, which that combination made wrong).
    """
    if spec.foundations is not Foundations.BUILD_UP_IN_SUIT or spec.foundation_piles < 1:
        return False
    aces = len(spec.deck.suits) * spec.deck.copies
    return spec.foundation_piles >= aces and not spec.deal_needs_no_empty_pile


def draw_then_play_is_sound(spec: GameSpec) -> bool:
    """"A card the search drew, while still on the waste's top, is played or covered by the next draw" loses no
    win (a partial-order reduction: the draw commutes with every move that does not touch the waste).

    A draw changes only the stock and the waste, and no other move reads them: so in a winning line, a draw
    followed by moves that do not touch the waste can be put after those moves, just before the next move that
    plays from the waste or draws (one comes: the card must leave the waste), and the line stays legal and ends
    in the same place. Every winning line becomes one where each draw made in the search is followed by a waste
    move or a draw. The rule is a function of the position (its waste top is the card drawn last, and that draw
    was in the search: the stock has moved since the root), so a transposition table stays exact. Off wherever
    an empty pile stops the draws (``deal_needs_no_empty_pile``): moving a draw after a move that empties a
    pile would make it illegal.
    """
    return spec.has_waste and not spec.deal_needs_no_empty_pile


def worry_back_then_use_is_sound(spec: GameSpec) -> bool:
    """"A card brought back from a foundation is followed by another worry-back or by a move on its pile or its
    foundation" loses no win (a partial-order reduction for the depth-first search: a worry-back commutes with
    every move that touches neither its pile nor its foundation).

    A move from foundation f to pile b reads and changes only f and b, and a move that touches neither does
    not read them: so in a winning line each worry-back can be put off until just before the first later move
    that touches b or f (one comes: the card must leave b again), and the line stays legal and ends in the same
    place. Worry-backs put off to the same move stand together in front of it, so each is followed by another
    worry-back or by a move on its pile or foundation. The position after a worry-back is passed through and
    never kept in the transposition table, so the table stays exact. Where a deal lays a card on every pile, or
    an empty pile stops the stock, the stock touches b.
    """
    return spec.foundation_to_tableau and spec.foundations is Foundations.BUILD_UP_IN_SUIT


def forty_dead_test_is_sound(spec: GameSpec) -> bool:
    """The Forty Thieves dead-position test (the core's ``hopeless``) proves only real losses.

    It reasons about single cards that must each reach a foundation built up in suit, drawn one pass from the
    stock to a waste: it needs single-card moves, a waste and building foundations (docs/solver.md).
    """
    return (spec.has_waste and spec.movable is Movable.SINGLE_CARD
            and spec.foundations is Foundations.BUILD_UP_IN_SUIT)


def spider_dead_test_is_sound(spec: GameSpec) -> bool:
    """The Spider-family dead-position test (the core's ``unfinishable``) proves only real losses.

    It needs every card to be unique (one deck), any-suit building (a card can rest on either card one rank
    higher), empty piles that take anything, runs that leave by themselves and no waste (docs/solver.md).
    """
    return (spec.removes_runs and not spec.has_waste and spec.deck.copies == 1 and spec.build is Build.ANY_SUIT
            and spec.empty_pile is EmptyPile.ANY)


def piles_are_interchangeable(spec: GameSpec, stock_left: int) -> bool:
    """Tableau piles may be relabelled (sorted in a position's key; moves that only swap piles pruned).

    The rules treat every pile alike except the stock's dealing order (pile 0 first): once the stock cannot deal
    onto the piles any more (it is empty, or it draws to a waste), two positions that differ only in the order
    of their piles have the same futures.
    """
    return spec.has_waste or spec.stock is not Stock.DEAL_TO_PILES or stock_left == 0


@dataclass(frozen=True)
class Soundness:
    """Every spec-level soundness predicate for one game, for display and for the C encoding."""

    ace_to_foundation: bool
    forty_dead_test: bool
    spider_dead_test: bool
    draw_then_play: bool
    worry_back_then_use: bool

    @classmethod
    def of(cls, spec: GameSpec) -> Soundness:
        """The predicates evaluated for ``spec``."""
        return cls(ace_to_foundation_is_sound(spec), forty_dead_test_is_sound(spec), spider_dead_test_is_sound(spec),
                   draw_then_play_is_sound(spec), worry_back_then_use_is_sound(spec))


def soundness_table(specs: list[GameSpec]) -> str:
    """A Markdown table: for each game, which rules hold (docs/solver.md embeds it; a test keeps it current)."""
    lines = ["| game | Ace to foundation at once | Forty Thieves dead test | Spider dead test | Draw then play | "
             "Worry-back then use |", "| --- | --- | --- | --- | --- | --- |"]
    for spec in specs:
        s = Soundness.of(spec)
        marks = ["yes" if v else "no" for v in (s.ace_to_foundation, s.forty_dead_test, s.spider_dead_test,
                                                s.draw_then_play, s.worry_back_then_use)]
        lines.append(f"| {spec.key} | " + " | ".join(marks) + " |")
    return "\n".join(lines)
