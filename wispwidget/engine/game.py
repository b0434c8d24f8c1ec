"""The game: legal moves, play, undo and redo, click destinations.

``Game`` is mutable, in the spirit of python-chess's ``Board``: ``play`` pushes a
move and ``undo`` pops it, restoring the exact earlier state (turned cards and
finished runs included). Every rule comes from the game's ``GameSpec``.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..cards import SUIT_CHARS, SUIT_NAMES, Card, card_str
from ..errors import IllegalMoveError, NoDestinationError, NothingToUndoError
from ..games.catalogue import get_game
from ..games.spec import Build, EmptyPile, GameSpec, Movable
from ..limits import echo
from .dealing import deal_position
from .move import DEAL, DRAW, FOUNDATION_IDS, MAX_COUNT, STOCK, TABLEAU, TABLEAU_IDS, WASTE, Move, parse_location
from .position import Pile, Position, settle_pile

RANK_WORDS = {1: "Ace", 11: "Jack", 12: "Queen", 13: "King"}  # the other ranks read as their numbers


def _as_move(move: object) -> Move:
    """``move`` as a ``Move`` (a ``Move``, or a tuple or list of source, target and maybe count), or
    ``ValueError`` saying in one sentence what is wrong with it."""
    if not isinstance(move, (tuple, list)) or not 2 <= len(move) <= 3:
        raise ValueError(f"a move is (source, target) or (source, target, count), not {echo(move)}")
    source, target, *rest = move
    count = rest[0] if rest else 1
    for name, value in (("source", source), ("target", target)):
        if not isinstance(value, str):
            raise ValueError(f"a move's {name} is a location such as 't3', not {echo(value)}")
    if isinstance(count, bool) or not isinstance(count, int):
        raise ValueError(f"count must be a whole number, not {echo(count)}")
    if not 1 <= count <= MAX_COUNT:
        raise ValueError(f"count must be from 1 to {MAX_COUNT}, not {echo(count)}")
    return move if type(move) is Move else Move(source, target, count)


# Effects recorded after a move so undo can reverse them exactly.
_TURN = 0  # (_TURN, pile): the pile's top face-down card was turned up
_REMOVE = 1  # (_REMOVE, pile): a finished run left pile for the foundations


class Game:
    """A game in progress. Build one with ``Game.from_position`` or ``wispwidget.deal``."""

    def __init__(self, position: Position, *, validate: bool = True) -> None:
        if validate:
            position.validate()
        spec = position.spec
        self.spec: GameSpec = spec
        self._top_rank = spec.deck.top_rank
        self._any_suit = spec.build is Build.ANY_SUIT
        self._suited_runs = spec.movable is Movable.SUITED_RUN
        self._single = spec.movable is Movable.SINGLE_CARD
        self._empty_takes_any = spec.empty_pile is EmptyPile.ANY
        self.down: list[list[Card]] = [list(p.down) for p in position.tableau]
        self.up: list[list[Card]] = [list(p.up) for p in position.tableau]
        self.stock: list[Card] = list(reversed(position.stock))  # next card at the end
        self.waste: list[Card] = list(position.waste)
        self.finished: list[int] = list(position.finished)
        self.foundations: list[list[Card]] = [list(p) for p in position.foundations]
        # Each entry: (move, effects, cards dealt onto the piles by a deal).
        self._history: list[tuple[Move, list[tuple[int, int]], int]] = []
        self._redo: list[Move] = []

    def __repr__(self) -> str:
        """Which game, and how far it has gone (no card: a face-down one must not show in a notebook's output)."""
        played = len(self._history)
        moves = f"{played} move{'' if played == 1 else 's'} played"
        return f"<Game {self.spec.key}: {moves}{', won' if self.is_won() else ''}>"

    # -- construction and snapshots ---------------------------------------------------

    @classmethod
    def from_position(cls, position: Position) -> Game:
        """A game starting from a validated position."""
        return cls(position)

    @classmethod
    def new(cls, game: str | GameSpec, variant: str | None = None, seed: int = 0) -> Game:
        """A game from deal number ``seed`` (see ``wispwidget.engine.dealing``)."""
        return cls(deal_position(get_game(game, variant), seed), validate=False)

    def position(self) -> Position:
        """An immutable snapshot of the current state."""
        return Position(
            spec=self.spec,
            tableau=tuple(Pile(tuple(d), tuple(u)) for d, u in zip(self.down, self.up)),
            stock=tuple(reversed(self.stock)),
            waste=tuple(self.waste),
            finished=tuple(self.finished),
            foundations=tuple(tuple(p) for p in self.foundations),
        )

    def copy(self) -> Game:
        """An independent game at the same position, with no history."""
        return Game(self.position(), validate=False)

    def key(self) -> tuple:
        """A hashable key of the current state (equal keys mean equal positions)."""
        return (
            tuple(tuple(d) for d in self.down),
            tuple(tuple(u) for u in self.up),
            len(self.stock),  # the stock's order is fixed: what is left of it is known from its size
            tuple(self.waste),  # not its size: which drawn cards are still there differs
            tuple(sorted(self.finished)),
            tuple(len(p) and p[-1] for p in self.foundations),
        )

    # -- state ----------------------------------------------------------------------

    @property
    def moves_played(self) -> list[Move]:
        """The moves played so far (undone moves excluded)."""
        return [entry[0] for entry in self._history]

    @property
    def can_undo(self) -> bool:
        """True when there is a move to undo."""
        return bool(self._history)

    @property
    def can_redo(self) -> bool:
        """True when an undone move can be played again."""
        return bool(self._redo)

    def is_won(self) -> bool:
        """All cards have left the tableau, stock and waste."""
        return not self.stock and not self.waste and not any(self.up)

    def is_stuck(self) -> bool:
        """Not won, and no legal move is left."""
        return not self.is_won() and next(self.iter_legal_moves(), None) is None

    def run_length(self, pile: int) -> int:
        """How many cards at the top of ``pile`` may move together (0 for an empty pile)."""
        up = self.up[pile]
        n = len(up)
        if n == 0 or self._single:
            return min(n, 1)
        suited = self._suited_runs
        k = 1
        while k < n:
            above, below = up[n - k], up[n - k - 1]
            if below >> 2 != (above >> 2) + 1 or (suited and (below & 3) != (above & 3)):
                break
            k += 1
        return k

    # -- legal moves ------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every legal move, in a fixed order (tableau, waste, foundations, then stock)."""
        return list(self.iter_legal_moves())

    def iter_legal_moves(self) -> Iterator[Move]:
        """Generate the legal moves lazily, in the order of ``legal_moves``."""
        if self.is_won():
            return
        up = self.up
        piles = len(up)
        found = self.foundations
        builds_up = bool(found)
        for s in range(piles):
            src = up[s]
            if not src:
                continue
            for count in range(1, self.run_length(s) + 1):
                card = src[-count]
                for d in range(piles):
                    if d != s and self._tableau_takes(d, card):
                        yield Move(TABLEAU_IDS[s], TABLEAU_IDS[d], count)
                if count == 1 and builds_up:
                    for f in range(len(found)):
                        if self._foundation_takes(f, card):
                            yield Move(TABLEAU_IDS[s], FOUNDATION_IDS[f])
        if self.waste:
            card = self.waste[-1]
            for d in range(piles):
                if self._tableau_takes(d, card):
                    yield Move(WASTE, TABLEAU_IDS[d])
            for f in range(len(found)):
                if self._foundation_takes(f, card):
                    yield Move(WASTE, FOUNDATION_IDS[f])
        if self.spec.foundation_to_tableau:
            for f, pile in enumerate(found):
                if pile:
                    for d in range(piles):
                        if self._tableau_takes(d, pile[-1]):
                            yield Move(FOUNDATION_IDS[f], TABLEAU_IDS[d])
        if self.spec.ace_between_foundations:
            for f, pile in enumerate(found):
                if len(pile) == 1:
                    for g, other in enumerate(found):
                        if not other and g != f:
                            yield Move(FOUNDATION_IDS[f], FOUNDATION_IDS[g])
        if self._stock_reason() is None:
            yield DRAW if self.spec.has_waste else DEAL

    def _tableau_takes(self, pile: int, card: Card) -> bool:
        """Whether tableau ``pile`` accepts ``card`` (with whatever cards sit on it)."""
        dest = self.up[pile]
        if not dest:
            return self._empty_takes_any or card >> 2 == self._top_rank
        top = dest[-1]
        return top >> 2 == (card >> 2) + 1 and (self._any_suit or top & 3 == card & 3)

    def _foundation_takes(self, f: int, card: Card) -> bool:
        pile = self.foundations[f]
        return card == pile[-1] + 4 if pile else card >> 2 == 1

    def _stock_reason(self) -> str | None:
        """Why the stock cannot be used now, or None when it can."""
        if not self.stock:
            return "the stock is empty"
        if self.spec.deal_needs_no_empty_pile and not all(self.up):
            empty = next(i for i, u in enumerate(self.up) if not u)
            return f"the stock does not deal while a pile is empty (t{empty})"
        return None

    # -- checking a single move -------------------------------------------------------

    def why_illegal(self, move: Move | tuple) -> str | None:
        """None when ``move`` is legal here, else the reason it is not, in one sentence.

        Total: any value at all (a wrong type, a tuple of the wrong length, an unknown location, a huge
        count) gives a reason rather than an exception.
        """
        try:
            return self._why_illegal(_as_move(move))
        except (TypeError, ValueError) as exc:
            return str(exc)

    def _why_illegal(self, move: Move) -> str | None:
        source, target, count = move
        if self.is_won():
            return "the game is already won"
        src_kind, s = parse_location(source)
        dst_kind, d = parse_location(target)
        where = f"{source} to {target}"
        if src_kind == TABLEAU:
            return f"{where}: cards move from one pile (t0..t{len(self.up) - 1}), not from 'tableau'"
        if src_kind == STOCK:
            expected = WASTE if self.spec.has_waste else TABLEAU
            if target != expected:
                return f"the stock goes to {expected!r} in {self.spec.name}, not to {target!r}"
            if count != 1:
                return f"{where}: count must be 1"
            return self._stock_reason()
        if dst_kind in (STOCK, TABLEAU, WASTE):
            return f"{where}: cards cannot be moved to {target!r}"
        if dst_kind == "t" and d >= len(self.up):
            return f"{where}: there is no pile {target} (piles t0..t{len(self.up) - 1})"
        if dst_kind == "f" and d >= len(self.foundations):
            if self.spec.removes_runs and not self.foundations:  # the runs' places on the table, not piles
                top = {13: "King", 12: "Queen", 11: "Jack", 10: "10"}.get(self.spec.deck.top_rank,
                                                                           str(self.spec.deck.top_rank))
                return (f"{where}: no card is put away by hand in {self.spec.name}: a whole run in one suit, "
                        f"{top} down to Ace, leaves the table by itself")
            return f"{where}: there is no foundation {target} in {self.spec.name}"
        if src_kind == "t":
            return self._why_illegal_from_tableau(s, dst_kind, d, count, where)
        if count != 1:
            return f"{where}: only one card moves from {source}"
        if src_kind == WASTE:
            if not self.spec.has_waste:
                return f"{where}: {self.spec.name} has no waste pile"
            if not self.waste:
                return f"{where}: the waste is empty"
            return self._why_not_placed(self.waste[-1], dst_kind, d, where)
        # from a foundation
        if s >= len(self.foundations):
            return f"{where}: there is no foundation {source} in {self.spec.name}"
        pile = self.foundations[s]
        if not pile:
            return f"{where}: {source} is empty"
        if dst_kind == "t":
            if not self.spec.foundation_to_tableau:
                return f"{where}: cards do not come back from the foundations in {self.spec.name}"
            return self._why_not_placed(pile[-1], dst_kind, d, where)
        if not self.spec.ace_between_foundations or len(pile) != 1:
            return f"{where}: only an Ace alone on a foundation may move to another foundation"
        if self.foundations[d]:
            return f"{where}: an Ace may only move to an empty foundation"
        return None

    def _why_illegal_from_tableau(self, s: int, dst_kind: str, d: int, count: int, where: str) -> str | None:
        if s >= len(self.up):
            return f"{where}: there is no pile t{s} (piles t0..t{len(self.up) - 1})"
        src = self.up[s]
        if not src:
            return f"{where}: t{s} is empty"
        if count > len(src):
            return f"{where}: t{s} has only {len(src)} face-up card(s), not {count}"
        if count > self.run_length(s):
            if self._single:
                return f"{where}: only one card moves at a time in {self.spec.name}"
            kind = "a run in one suit" if self._suited_runs else "a run"
            return f"{where}: the {count} cards from {card_str(src[-count])} up are not {kind}"
        if dst_kind == "t" and d == s:
            return f"{where}: a pile cannot move onto itself"
        if dst_kind == "f" and count != 1:
            return f"{where}: only one card goes to a foundation"
        return self._why_not_placed(src[-count], dst_kind, d, where)

    def _why_not_placed(self, card: Card, dst_kind: str, d: int, where: str) -> str | None:
        name = card_str(card)
        if dst_kind == "t":
            if self._tableau_takes(d, card):
                return None
            dest = self.up[d]
            if not dest:
                return f"{where}: only a {self._top_rank_name()} may go to an empty pile"
            return f"{where}: {name} does not go on {card_str(dest[-1])} ({self._goes_only_on(card)})"
        if not self.foundations:
            return f"{where}: no card goes to a foundation by hand in {self.spec.name}; finished runs leave alone"
        if self._foundation_takes(d, card):
            return None
        pile = self.foundations[d]
        if not pile:
            return f"{where}: only an Ace starts a foundation, not {name}"
        return f"{where}: {name} does not go on {card_str(pile[-1])} (needs the next rank of the same suit)"

    def _goes_only_on(self, card: Card) -> str:
        """Where ``card`` may be laid, in words: "it goes only on a Jack" (of its suit where the build asks)."""
        rank = (card >> 2) + 1
        if rank > self._top_rank:
            return f"a {self._top_rank_name()} goes on no card"
        word = RANK_WORDS.get(rank, str(rank))
        suit = f" of {SUIT_NAMES[SUIT_CHARS[card & 3]]}" if not self._any_suit else ""
        return f"it goes only on {'an' if word[0] in 'A8' else 'a'} {word}{suit}"

    def _top_rank_name(self) -> str:
        return "King" if self._top_rank == 13 else f"{card_str(self._top_rank << 2)[0]} (the top rank)"

    # -- playing ----------------------------------------------------------------------

    def play(self, move: Move | tuple) -> None:
        """Play a legal move; raise ``IllegalMoveError`` (game unchanged) otherwise."""
        try:
            move = _as_move(move)
        except (TypeError, ValueError) as exc:
            raise IllegalMoveError(str(exc)) from None
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMoveError(reason)
        self._redo.clear()
        self._apply(move)

    def push(self, move: Move) -> None:
        """Play a move known to be legal (from ``legal_moves``) without checking it."""
        self._redo.clear()
        self._apply(move)

    def undo(self) -> Move:
        """Take back the last move, restoring the exact earlier state; return it."""
        if not self._history:
            raise NothingToUndoError("nothing to undo")
        move = self._unapply()
        self._redo.append(move)
        return move

    def redo(self) -> Move:
        """Play again the last undone move; return it."""
        if not self._redo:
            raise NothingToUndoError("nothing to redo")
        move = self._redo.pop()
        self._apply(move)
        return move

    def pop(self) -> Move:
        """Take back the last move without keeping it for redo (for searches)."""
        if not self._history:
            raise NothingToUndoError("nothing to undo")
        return self._unapply()

    def _apply(self, move: Move) -> None:
        source, target, count = move
        up = self.up
        if source == STOCK:
            if target == TABLEAU:
                stock = self.stock
                touched = list(range(min(len(up), len(stock))))
                for i in touched:
                    up[i].append(stock.pop())
            else:
                self.waste.append(self.stock.pop())
                touched = []
            self._history.append((move, self._settle(touched), len(touched)))
            return
        src_kind, dst_kind = source[0], target[0]
        if src_kind == "t":
            s = int(source[1:])
            src = up[s]
            cards = src[-count:]
            del src[-count:]
            touched = [s]
        elif src_kind == "w":
            cards = [self.waste.pop()]
            touched = []
        else:
            cards = [self.foundations[int(source[1:])].pop()]
            touched = []
        if dst_kind == "t":
            d = int(target[1:])
            up[d].extend(cards)
            touched.append(d)
        else:
            self.foundations[int(target[1:])].extend(cards)
        self._history.append((move, self._settle(touched), 0))

    def _settle(self, piles: list[int]) -> list[tuple[int, int]]:
        """Remove finished runs, then turn face-down tops, on ``piles`` in order (``settle_pile``)."""
        effects: list[tuple[int, int]] = []
        for p in piles:
            for kind, suit in settle_pile(self.down[p], self.up[p], self.spec):
                if kind == "remove":
                    self.finished.append(suit)
                effects.append((_REMOVE if kind == "remove" else _TURN, p))
        return effects

    def _unapply(self) -> Move:
        move, effects, dealt = self._history.pop()
        top = self._top_rank
        for kind, p in reversed(effects):
            if kind == _TURN:
                self.down[p].append(self.up[p].pop())
            else:
                ace = (1 << 2) | self.finished.pop()
                self.up[p].extend(ace + 4 * (k - 1) for k in range(top, 0, -1))
        source, target, count = move
        up = self.up
        if source == STOCK:
            if target == TABLEAU:
                for i in range(dealt - 1, -1, -1):
                    self.stock.append(up[i].pop())
            else:
                self.stock.append(self.waste.pop())
            return move
        if target[0] == "t":
            dest = up[int(target[1:])]
            cards = dest[-count:]
            del dest[-count:]
        else:
            cards = [self.foundations[int(target[1:])].pop()]
        if source[0] == "t":
            up[int(source[1:])].extend(cards)
        elif source[0] == "w":
            self.waste.extend(cards)
        else:
            self.foundations[int(source[1:])].extend(cards)
        return move

    # -- clicking ---------------------------------------------------------------------

    def click_destination(self, source: str, count: int = 1) -> Move:
        """The move a click on a card makes (rules.md, "Playing by click").

        ``source`` is ``t3`` (with ``count`` the cards from the clicked one to the
        top), ``waste``, ``f2`` or ``stock``. Raises ``NoDestinationError`` saying
        why when the click can do nothing.
        """
        try:
            kind, index = parse_location(source)
        except ValueError as exc:
            raise NoDestinationError(str(exc)) from None
        if isinstance(count, bool) or not isinstance(count, int):
            raise NoDestinationError(f"count must be a whole number, not {echo(count)}")
        if not 1 <= count <= MAX_COUNT:
            raise NoDestinationError(f"count must be from 1 to {MAX_COUNT}, not {echo(count)}")
        if self.is_won():
            raise NoDestinationError("the game is already won")
        if kind == STOCK:
            move = DRAW if self.spec.has_waste else DEAL
            reason = self._stock_reason()
            if reason:
                raise NoDestinationError(reason)
            return move
        if kind == "t":
            if index >= len(self.up) or not self.up[index]:
                raise NoDestinationError(f"{source} has no card to move")
            if not isinstance(count, int) or count < 1 or count > len(self.up[index]):
                raise NoDestinationError(f"{source} has no face-up card {echo(count)} from the top")
            if count > self.run_length(index):
                reason = self.why_illegal(Move(source, source, count)) or ""
                raise NoDestinationError(reason.replace(f"{source} to {source}: ", f"{source}: "))
            card = self.up[index][-count]
        elif kind == WASTE:
            if not self.waste:
                raise NoDestinationError("the waste is empty")
            card, count = self.waste[-1], 1
        elif kind == "f":
            if index >= len(self.foundations) or not self.foundations[index]:
                raise NoDestinationError(f"{source} has no card to move")
            card, count = self.foundations[index][-1], 1
        else:
            raise NoDestinationError(f"nothing to click at {source!r}")
        target = self._click_target(kind, index, card, count)
        if target is None:
            raise NoDestinationError(self._nowhere(source, kind, index, card, count))
        return Move(source, target, count if kind == "t" else 1)

    def _nowhere(self, source: str, kind: str, index: int, card: Card, count: int) -> str:
        """Why a click on ``card`` plays nothing: it has nowhere to go, or only to an empty pile, where a click
        never moves a whole pile (it would only move it from one empty place to another)."""
        whole_pile = kind == "t" and count == len(self.up[index]) and not self.down[index]
        empty = [d for d in range(len(self.up)) if d != index and not self.up[d] and not self.down[d]]
        if whole_pile and any(self.why_illegal(Move(source, TABLEAU_IDS[d], count)) is None for d in empty):
            return (f"{card_str(card)} goes only to an empty pile, and a click never moves a whole pile there: "
                    "drag it, or pick it up with Space and put it down on the empty pile")
        return f"{card_str(card)} has nowhere to go"

    def _click_target(self, kind: str, index: int, card: Card, count: int) -> str | None:
        if kind != "f" and count == 1:
            for f in range(len(self.foundations)):
                if self._foundation_takes(f, card):
                    return FOUNDATION_IDS[f]
        if kind == "f" and not self.spec.foundation_to_tableau:
            return None
        others = [d for d in range(len(self.up)) if not (kind == "t" and d == index)]
        want = card >> 2
        for d in others:
            dest = self.up[d]
            if dest and dest[-1] >> 2 == want + 1 and dest[-1] & 3 == card & 3:
                return TABLEAU_IDS[d]
        if self._any_suit:
            for d in others:
                dest = self.up[d]
                if dest and dest[-1] >> 2 == want + 1:
                    return TABLEAU_IDS[d]
        whole_pile = kind == "t" and count == len(self.up[index]) and not self.down[index]
        if not whole_pile:
            for d in others:
                if not self.up[d] and self._tableau_takes(d, card):
                    return TABLEAU_IDS[d]
        return None
