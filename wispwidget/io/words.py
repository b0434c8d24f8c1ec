"""Words people read: moves, cards, piles, game names, counts and refusals, said one way everywhere.

The engine names piles ``t0``…, ``f0``…, ``waste`` and ``stock`` and cards ``7S``; people count piles from 1
and read suits as symbols. Messages, hints, the status line and the screen-reader announcer all take their
words from here, so the same move is never said two ways.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..cards import RANK_CHARS, SUIT_CHARS, SUIT_NAMES, Card, card_str
from ..engine.move import Move
from ..errors import WispError

if TYPE_CHECKING:  # pragma: no cover
    from ..engine.game import Game
    from ..games.spec import GameSpec

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RANK_WORDS = {"A": "A", "T": "10", "J": "J", "Q": "Q", "K": "K"}


def card_words(card: Card | str) -> str:
    """A card as people write it: ``7♠``, ``10♥``, ``A♣``."""
    text = card if isinstance(card, str) else card_str(card)
    rank, suit = text[0], text[1]
    return RANK_WORDS.get(rank, rank) + SUIT_SYMBOLS[suit]


def pile_words(location: str) -> str:
    """A place as people say it: ``pile 3`` (counted from 1), ``foundation 1``, ``the waste``, ``the stock``."""
    if location in ("waste", "stock"):
        return f"the {location}"
    if location == "tableau":
        return "the piles"
    if len(location) >= 2 and location[0] in "tf" and location[1:].isdecimal():
        return ("pile " if location[0] == "t" else "foundation ") + str(int(location[1:]) + 1)
    return location


def plural(count: int, word: str, many: str | None = None) -> str:
    """``1 move``, ``2 moves``, ``1,000 positions`` (``many`` for irregular plurals)."""
    return f"{count:,} {word if count == 1 else (many or word + 's')}"


def game_label(spec: GameSpec) -> str:
    """The game's exact name with its variant said once: "Spider (two suits)", "Will o' the Wisp (Relaxed)"."""
    name = spec.name
    if spec.variant == "standard" or spec.variant.startswith("lab-"):  # a lab variant's name says its rules
        return name
    variant = spec.variant.replace("-", " ")
    if variant.lower() in name.lower():
        return name
    if name.endswith(")"):
        return f"{name[:-1]}, {variant})"
    return f"{name} ({variant.capitalize()})"


_SUIT_WORD_SYMBOLS = {SUIT_NAMES[suit]: symbol for suit, symbol in SUIT_SYMBOLS.items()}  # "clubs": "♣"
_SUIT_WORD = "(?:" + "|".join(_SUIT_WORD_SYMBOLS) + ")"
_SUITS_PHRASE = re.compile(rf" of ({_SUIT_WORD}(?:(?:, | and ){_SUIT_WORD})*)")


def short_suits(text: str) -> str:
    """Suits named in words as symbols: "Mini Wisp (A-6 of spades and hearts)" -> "Mini Wisp (A-6 ♠♥)"."""
    return _SUITS_PHRASE.sub(lambda m: " " + "".join(_SUIT_WORD_SYMBOLS[w] for w in re.findall(_SUIT_WORD, m[1])),
                             text)


def menu_label(spec: GameSpec) -> str:
    """``game_label`` as the game menu shows it, short: suits as symbols ("Mini Wisp (A-6 ♠♥)"). A menu cuts the
    end of a long name; the status line says the whole name. (A lab variant's label: ``variant_study``.)"""
    return short_suits(game_label(spec))


def moving_cards(game: Game, move: Move) -> list[Card]:
    """The cards ``move`` carries, bottom first, read from ``game`` before the move (empty if none)."""
    source = move.source
    try:
        if source[0] == "t" and source[1:].isdecimal():
            up = game.up[int(source[1:])]
            return list(up[-move.count:]) if 0 < move.count <= len(up) else []
        if source == "waste":
            return list(game.waste[-1:])
        if source[0] == "f" and source[1:].isdecimal():
            return list(game.foundations[int(source[1:])][-1:])
    except (IndexError, ValueError):
        return []
    return []


def move_phrase(move: Move | tuple, game: Game | None = None) -> str:
    """A move inside a sentence: "a deal", "a draw", or ``move_words`` ("7♠ from pile 2 onto 8♥ on pile 5")."""
    words = move_words(move, game)
    return f"a {words.lower()}" if Move(*move).source == "stock" else words


def advice(move: Move | tuple, game: Game | None = None) -> str:
    """A move as something to do, inside a sentence: "deal now", "draw now", "play 7♠ from pile 2 onto 8♥ on
    pile 5" (a hint's "Play Deal" read like a card's name); "drag ..." where a click on the card would not make
    this move (it sends the card elsewhere, or the move takes a whole pile to an empty one, which a click never
    does), so a player who clicks what a hint names is not refused."""
    words = move_words(move, game)
    move = Move(*move)
    if move.source == "stock":
        return f"{words.lower()} now"
    return f"{'drag' if game is not None and not _a_click_makes(game, move) else 'play'} {words}"


def _a_click_makes(game: Game, move: Move) -> bool:
    """Whether a click on the card ``move`` lifts (with the cards above it) plays ``move``."""
    try:
        return game.click_destination(move.source, move.count) == move
    except WispError:
        return False


def move_words(move: Move | tuple, game: Game | None = None) -> str:
    """One move in words: "Deal", "Draw", "7♠ from pile 2 onto 8♥ on pile 5", "6♠–4♠ (3 cards) from pile 1
    to the empty pile 2", "7♠ to foundation 1".

    ``game`` is the game *before* the move, to name the cards; without it the piles alone are named.
    """
    move = Move(*move)
    if move.source == "stock":
        return "Deal" if move.target == "tableau" else "Draw"
    cards = moving_cards(game, move) if game is not None else []
    if not cards:
        what = plural(move.count, "card") if move.count > 1 else "A card"
    elif len(cards) == 1:
        what = card_words(cards[0])
    else:
        what = f"{card_words(cards[0])}–{card_words(cards[-1])} ({len(cards)} cards)"
    if move.target.startswith("f"):  # startswith: a move from the view is named before the engine checks it
        where = f"to {pile_words(move.target)}"
        return f"{what} {where}" if move.source.startswith("t") else f"{what} from {pile_words(move.source)} {where}"
    where = f"to {pile_words(move.target)}"
    pile = int(move.target[1:]) if move.target.startswith("t") and move.target[1:].isdecimal() else None
    if game is not None and pile is not None and pile < len(game.up):
        below = game.up[pile]
        where = f"onto {card_words(below[-1])} on {pile_words(move.target)}" if below else \
            f"to the empty {pile_words(move.target)}"
    return f"{what} from {pile_words(move.source)} {where}"


_INDEX = "(0|[1-9][0-9]*)"  # as parse_location reads it: ASCII digits, no leading zero ("t07" is no pile 8)
_WHERE = re.compile(r"^(?:t\d+|f\d+|waste|stock|tableau) to (?:t\d+|f\d+|waste|stock|tableau|'[^']*'|\S+): ")
_RANGE = re.compile(rf"\b(?:(?:piles|foundations) )?([tf]){_INDEX}\.\.\1([0-9]+|N)\b")  # "piles t0..t6", "f0..f7"
_KINDS = {"t": "piles", "f": "foundations"}
_PILE = re.compile(rf"\b(?:pile |foundation )?([tf]){_INDEX}\b")
_CARD = re.compile(rf"\b([{RANK_CHARS}])([{SUIT_CHARS}])\b")


def _pile(match: re.Match) -> str:
    return pile_words(match.group(1) + match.group(2))


def _range(match: re.Match) -> str:
    kind, first, last = match.groups()
    return f"{_KINDS[kind]} {int(first) + 1} to {last if last == 'N' else int(last) + 1}"


def sentence(text: str) -> str:
    """A plain sentence: first letter capital, one full stop at the end."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?…" else text + "."


def refusal(text: str) -> str:
    """An engine refusal as one plain sentence for people: piles from 1, cards with suit symbols.

    "t0 to t5: 9H does not go on 3C (it goes only on a 10)" → "9♥ does not go on 3♣ (it goes only on a 10)."
    """
    text = _WHERE.sub("", str(text).strip())
    text = _RANGE.sub(_range, text)
    text = _PILE.sub(_pile, text)
    text = _CARD.sub(lambda m: card_words(m.group(1) + m.group(2)), text)
    text = text.replace("'tableau'", "the piles").replace("'waste'", "the waste").replace("'stock'", "the stock")
    text = text.replace(", waste, stock, tableau)", ", the waste, the stock)")  # parse_location's list of places
    return sentence(text)


def positions_words(count: int) -> str:
    """``100,000 positions``."""
    return plural(count, "position")


def seconds_words(seconds: float) -> str:
    """A duration as people read it: "45 s", "3 min 05 s", "1 h 02 min"."""
    total = max(0, int(seconds))
    if total < 60:
        return f"{total} s"
    minutes, secs = divmod(total, 60)
    if minutes < 60:
        return f"{minutes} min {secs:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"
