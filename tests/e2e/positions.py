"""Hand-made positions for the browser tests and the screenshots (wisp-position/1 JSON)."""

from __future__ import annotations

from wispwidget.io.formats import write_position

from ..helpers import position

RANKS = "KQJT98765432A"


def long_pile_black_widow(up: int = 35, down: int = 5) -> str:
    """Black Widow with a pile of ``down`` face-down and ``up`` face-up cards (40 by default): runs of mixed
    suits from King down, so no run in suit ever finishes."""
    suits = "SHCD"
    faces = [f"{RANKS[i % 13]}{suits[(i + i // 13) % 4]}" for i in range(up)]
    # the rest of the deck lies face down under pile 1; `down` of them go under the long pile
    from wispwidget.cards import card_str
    from wispwidget.engine.position import Pile, Position
    from wispwidget.games.catalogue import get_game

    from ..helpers import cards

    spec = get_game("black-widow")
    tall = Position(spec, (Pile((), cards(" ".join(faces))),) + (Pile(),) * 9, (), (), (), ())
    missing = spec.deck.counts() - tall.cards()
    spare = tuple(sorted(missing.elements(), key=lambda c: (card_str(c)[1], card_str(c)[0])))
    piles = list(tall.tableau)
    piles[0] = Pile(spare[:down], piles[0].up)
    rest = spare[down:]
    # spread the rest over piles 1-9: three face down and one face up each, the remainder in the stock
    for i in range(1, 10):
        chunk, rest = rest[:4], rest[4:]
        piles[i] = Pile(chunk[:3], chunk[3:])
    return write_position(Position(tall.spec, tuple(piles), rest, (), (), ()).validate(), indent=None)


def wisp_puzzle() -> str:
    """A Will o' the Wisp position with one obvious run to move (9H 8H 7H onto TH)."""
    piles = ["4D | 9H 8H 7H", "| TH", "| 3C", "| 4C", "| 5C", "| 6C", "| 7C"]
    return write_position(position("will-o-the-wisp", piles=piles, stock="2D 3D 2H 3H 5H 6H 8D"), indent=None)


def one_move_from_winning() -> str:
    """Will o' the Wisp with three runs home and the fourth one click away (AS onto 2S)."""
    from ..helpers import suit_run

    spades = suit_run("S", low=2)
    return write_position(position("will-o-the-wisp", piles=[f"| {spades}", "| AS"], finished="H D C"), indent=None)


def long_pile_with_empty_piles(up: int = 35, down: int = 5, empty: int = 3) -> str:
    """``long_pile_black_widow`` with its last ``empty`` piles empty (their cards in the stock): the long pile's runs
    (each from a King down, any suits) can move away to them, one run at a time."""
    from wispwidget.engine.position import Pile, Position
    from wispwidget.io.formats import read_position

    full = read_position(long_pile_black_widow(up, down))
    moved = [card for pile in full.tableau[-empty:] for card in (*pile.down, *pile.up)]
    piles = (*full.tableau[:-empty], *(Pile(),) * empty)
    return write_position(Position(full.spec, piles, (*full.stock, *moved), (), (), ()).validate(), indent=None)
