"""The best any honest player can do: the exact no-peek win probability of a small game.

A player who never sees a hidden card faces chance each time a card is shown: a deal, a draw, or a face-down
card turned. Every arrangement of the unseen cards consistent with what is seen is equally likely, so the card
shown is each unseen card with its share of them. This module computes, by expectimax over what can be seen,
the probability of winning under the best honest play, and the move that achieves it:

- a move that shows no card leads to one visible state; the player may rearrange visible cards as long as it
  likes, so a visible state is worth the best of what it can reach that way: won (1), or the best move that
  shows cards, worth the average of what each card it may show leads to;
- a move that shows cards is worth the average, over the cards it may show, weighted by their shares.

It is exact, so only small decks can be settled (``games.catalogue.tiny_wisp``): the search stops after
``max_states`` visible states (or as many outcomes of one deal) and says so; it values some thousands of states
a second, fewer on large decks. Set against the solver's verdicts on the same deals, it gives the price of not
seeing the cards with no player's weakness in it (``benchmarks/honest_ceiling.py``, docs/honest-play.md).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from ..cards import Card
from ..engine.game import Game
from ..engine.move import Move
from ..engine.position import Pile, Position
from ..games.spec import GameSpec
from .information import InformationSet, unseen_cards, visible_key

HIDDEN: Card = 0  # stands for a card nobody has seen (no real card has rank 0)
DEFAULT_MAX_STATES = 200_000


class TooLarge(Exception):
    """More visible states than the search may visit (raised inside the search, reported as unsettled)."""


@dataclass(frozen=True)
class HonestValue:
    """The best honest player's chance of winning from a visible state, and a move that achieves it."""

    win_probability: float | None  # None: not settled within max_states
    best_move: Move | None  # None when won, stuck or not settled
    states: int  # visible states valued

    @property
    def settled(self) -> bool:
        """True when the search finished within its budget."""
        return self.win_probability is not None


def honest_value(game: Game | InformationSet, max_states: int = DEFAULT_MAX_STATES) -> HonestValue:
    """The exact win probability under the best play that never reads a hidden card, from ``game`` as a player
    sees it (only its visible cards are read)."""
    info = game if isinstance(game, InformationSet) else InformationSet.of(game)
    search = _Search(info.spec, max_states)
    root = info.key
    try:
        value = search.value(root)
        worths = search.move_values(root)
    except TooLarge:
        return HonestValue(None, None, len(search.memo))
    best = next((move for move, worth in worths.items() if abs(worth - value) <= 1e-12), None)
    return HonestValue(value, best, len(search.memo))


def honest_move_values(game: Game | InformationSet, max_states: int = DEFAULT_MAX_STATES) -> dict[Move, float] | None:
    """What each legal move is worth to the best honest player: its chance of winning after that move (None
    when not settled within ``max_states``)."""
    info = game if isinstance(game, InformationSet) else InformationSet.of(game)
    search = _Search(info.spec, max_states)
    try:
        return search.move_values(info.key)
    except TooLarge:
        return None


# A visible state, ``InformationSet.key``: (piles as (face-down count, face-up cards), stock count, waste,
# finished runs, foundations)
Visible = tuple


def canonical(state: Visible) -> Visible:
    """One visible state for all that play alike: once the stock is empty no rule tells the piles apart."""
    if state[1]:
        return state
    return (tuple(sorted(state[0])), *state[1:])


def _placeholder_game(spec: GameSpec, state: Visible) -> Game:
    """A game at a visible state with every hidden card a placeholder: its legal moves are the real ones."""
    piles, stock, waste, finished, foundations = state
    tableau = tuple(Pile((HIDDEN,) * down, up) for down, up in piles)
    position = Position(spec=spec, tableau=tableau, stock=(HIDDEN,) * stock, waste=waste, finished=finished,
                        foundations=foundations)
    return Game(position, validate=False)


def _unseen(spec: GameSpec, state: Visible) -> Counter[Card]:
    piles, _, waste, finished, foundations = state
    return unseen_cards(spec, (up for _, up in piles), waste, foundations, finished)


def _read(game: Game) -> tuple[Visible, list[tuple[int, int]]]:
    """The visible state of a placeholder game, and where placeholders now lie face up (pile, index)."""
    shown = [(p, i) for p, up in enumerate(game.up) for i, card in enumerate(up) if card == HIDDEN]
    return visible_key(game), shown


def _draws(unseen: Counter[Card], count: int) -> Iterator[tuple[tuple[Card, ...], float]]:
    """Every sequence of ``count`` cards drawn from ``unseen`` without replacement, with its probability.

    ``unseen`` is never changed, not even while a sequence is handed out: the caller reads it meanwhile.
    """
    if count == 0:
        yield (), 1.0
        return
    total = sum(unseen.values())
    for card, times in unseen.items():
        if not times:
            continue
        rest = unseen.copy()
        rest[card] -= 1
        for tail, p in _draws(rest, count - 1):
            yield (card, *tail), (times / total) * p


def _with_shown(state: Visible, shown: list[tuple[int, int]], cards: tuple[Card, ...]) -> Visible:
    piles = [list(up) for _, up in state[0]]
    for (p, i), card in zip(shown, cards):
        piles[p][i] = card
    return (tuple((down, tuple(up)) for (down, _), up in zip(state[0], piles)), *state[1:])


class _Search:
    def __init__(self, spec: GameSpec, max_states: int) -> None:
        self.spec = spec
        self.max_states = max_states
        self.memo: dict[Visible, float] = {}

    def move_values(self, state: Visible) -> dict[Move, float]:
        """Each legal move's worth from ``state`` (none when it is won)."""
        game = _placeholder_game(self.spec, state)
        if game.is_won():
            return {}
        worths = {}
        for move in game.legal_moves():
            outcomes = self._outcomes(game, state, move)
            if isinstance(outcomes, tuple):
                worths[move] = self.value(outcomes)
            else:
                worths[move] = sum((p * self.value(after) for after, p in outcomes), 0.0)
        return worths

    def value(self, start: Visible) -> float:
        """The value of a visible state: the best, over what it reaches without a reveal, of won or a reveal."""
        start = canonical(start)
        if start in self.memo:
            return self.memo[start]
        worth: dict[Visible, float] = {}  # each state reached without a reveal: won, or its best reveal
        edges: dict[Visible, list[Visible]] = {}  # where its moves that show nothing lead
        frontier = [start]
        while frontier:
            state = frontier.pop()
            if state in worth:
                continue
            if len(self.memo) + len(worth) >= self.max_states:
                raise TooLarge
            game = _placeholder_game(self.spec, state)
            worth[state], edges[state] = float(game.is_won()), []
            if worth[state]:
                continue
            for move in game.legal_moves():
                outcomes = self._outcomes(game, state, move)
                if isinstance(outcomes, tuple):  # one visible state, nothing shown
                    edges[state].append(outcomes)
                    if outcomes not in self.memo:
                        frontier.append(outcomes)
                else:
                    expected = sum((p * self.value(after) for after, p in outcomes), 0.0)
                    worth[state] = max(worth[state], expected)
        # Each state is worth the best worth it can reach: a fixed point over the graph, cycles included.
        changed = True
        while changed:
            changed = False
            for state, nexts in edges.items():
                for after in nexts:
                    later = self.memo[after] if after in self.memo else worth[after]
                    if later > worth[state]:
                        worth[state], changed = later, True
        self.memo.update(worth)
        return worth[start]

    def _outcomes(self, game: Game, state: Visible, move: Move) -> Visible | list[tuple[Visible, float]]:
        """Where a move leads: one visible state, or each state it may lead to with its probability."""
        game.push(move)
        dealt = state[1] - len(game.stock)
        after, shown = _read(game)
        game.pop()
        if not dealt and not shown:
            return canonical(after)
        unseen = _unseen(self.spec, state)
        results: dict[Visible, float] = {}
        for drawn, (cards, p) in enumerate(_draws(unseen, dealt)):
            if drawn + len(self.memo) >= self.max_states:
                raise TooLarge  # a deal from many unseen cards: more outcomes than the budget
            for at, card in enumerate(cards):  # the next card dealt is the stock's last
                game.stock[-1 - at] = card
            game.push(move)
            after, shown = _read(game)
            game.pop()
            left = unseen - Counter(cards)
            for turned, q in _draws(left, len(shown)):
                key = canonical(_with_shown(after, shown, turned))
                results[key] = results.get(key, 0.0) + p * q
        for at in range(dealt):
            game.stock[-1 - at] = HIDDEN
        return list(results.items())
