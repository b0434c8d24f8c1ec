"""The catalogue of games: every supported game and variant, as data."""

from __future__ import annotations

from dataclasses import replace

from ..cards import Deck
from ..errors import UnknownGameError, did_you_mean
from ..limits import echo
from .spec import Build, EmptyPile, Foundations, GameSpec, Movable, Stock

SPIDER_TEN_PILES = ((5, 1),) * 4 + ((4, 1),) * 6

WILL_O_THE_WISP = GameSpec(
    game="will-o-the-wisp",
    variant="standard",
    name="Will o' the Wisp",
    deck=Deck(),
    layout=((2, 1),) * 7,
    build=Build.ANY_SUIT,
    movable=Movable.SUITED_RUN,
    empty_pile=EmptyPile.ANY,
    stock=Stock.DEAL_TO_PILES,
    foundations=Foundations.REMOVE_RUNS,
    description="One-deck Spider: seven piles of three, runs move only in suit.",
)

SPIDER = GameSpec(
    game="spider",
    variant="standard",
    name="Spider (four suits)",
    deck=Deck(copies=2),
    layout=SPIDER_TEN_PILES,
    build=Build.ANY_SUIT,
    movable=Movable.SUITED_RUN,
    empty_pile=EmptyPile.ANY,
    stock=Stock.DEAL_TO_PILES,
    foundations=Foundations.REMOVE_RUNS,
    description="Two decks of four suits, ten piles; runs move only in suit.",
)

WAXING_MOON = GameSpec(
    game="waxing-moon",
    variant="standard",
    name="Waxing Moon",
    deck=Deck(copies=2),
    layout=((0, 4),) * 12,
    build=Build.SAME_SUIT,
    movable=Movable.SINGLE_CARD,
    empty_pile=EmptyPile.TOP_RANK_ONLY,
    stock=Stock.DRAW_TO_WASTE,
    foundations=Foundations.BUILD_UP_IN_SUIT,
    deal_needs_no_empty_pile=False,
    foundation_piles=8,
    foundation_to_tableau=True,
    ace_between_foundations=True,
    description="Forty Thieves family: twelve piles of four face up, one card at a time, one pass.",
)

MINI_WISP = replace(
    WILL_O_THE_WISP,
    game="mini-wisp",
    name="Mini Wisp (A-6 of spades and hearts)",
    deck=Deck(suits="SH", top_rank=6),
    layout=((1, 1),) * 4,
    description="Teaching game: Will o' the Wisp rules on twelve cards, four piles, one deal of four.",
)



def tiny_wisp(top_rank: int = 4, piles: int = 3) -> GameSpec:
    """Will o' the Wisp's rules on A-``top_rank`` of spades and hearts, ``piles`` piles of one face-down card
    under one face-up card, the rest in the stock: small enough for the exact best honest play
    (``search/honest_optimum.py``). Not in the catalogue: build it when needed."""
    return replace(MINI_WISP, game=f"tiny-wisp-{top_rank}-{piles}",
                   name=f"Tiny Wisp (A-{top_rank} of spades and hearts, {piles} piles)",
                   deck=Deck(suits="SH", top_rank=top_rank), layout=((1, 1),) * piles,
                   description=f"Will o' the Wisp rules on {2 * top_rank} cards, {piles} piles.")


_GAMES: list[GameSpec] = [
    WILL_O_THE_WISP,
    replace(WILL_O_THE_WISP, variant="relaxed", movable=Movable.ANY_RUN,
            description="Will o' the Wisp where any run moves, whatever its suits."),
    replace(SPIDER, game="black-widow", name="Black Widow", movable=Movable.ANY_RUN,
            description="Spider where any run moves whatever its suits; only suited runs leave."),
    WAXING_MOON,
    SPIDER,
    replace(SPIDER, variant="two-suits", name="Spider (two suits)", deck=Deck(suits="SH", copies=4),
            description="Two decks' worth of spades and hearts only, ten piles; runs move only in suit."),
    replace(SPIDER, variant="one-suit", name="Spider (one suit)", deck=Deck(suits="S", copies=8),
            description="Two decks' worth of spades only, ten piles; every run is in suit."),
    replace(WILL_O_THE_WISP, game="spiderette", name="Spiderette",
            layout=tuple((i, 1) for i in range(7)),
            description="One-deck Spider dealt like Klondike: piles of one to seven cards."),
    replace(WAXING_MOON, game="waning-moon", name="Waning Moon", layout=((0, 4),) * 13,
            description="Waxing Moon with thirteen piles of four."),
    MINI_WISP,
    replace(MINI_WISP, variant="relaxed", movable=Movable.ANY_RUN,
            description="Mini Wisp where any run moves, whatever its suits."),
    replace(MINI_WISP, game="mini-widow", name="Mini Widow (A-5 of spades and hearts, twice)",
            deck=Deck(suits="SH", top_rank=5, copies=2), layout=((1, 1),) * 5, movable=Movable.ANY_RUN,
            description="Teaching game: Black Widow rules on twenty cards, five piles."),
    replace(MINI_WISP, game="micro-wisp", name="Micro Wisp (A-4 of spades and hearts)",
            deck=Deck(suits="SH", top_rank=4), layout=((1, 1),) * 3,
            description="Classroom game: eight cards on three piles; a breadth-first tree small enough to draw."),
    replace(WAXING_MOON, game="mini-moon", name="Mini Moon (A-4 of spades and hearts, twice)",
            deck=Deck(suits="SH", top_rank=4, copies=2), layout=((0, 2),) * 4, foundation_piles=4,
            description="Teaching game: Waxing Moon rules on sixteen cards, four piles."),
]

CATALOGUE: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    """Add a game variant to the catalogue (replacing one with the same key)."""
    CATALOGUE[spec.key] = spec
    return spec


for _spec in _GAMES:
    register(_spec)


def get_game(game: str | GameSpec, variant: str | None = None) -> GameSpec:
    """Look up a game by id and variant (``standard`` when omitted)."""
    if isinstance(game, GameSpec):
        return game
    variant = "standard" if variant is None else variant
    spec = CATALOGUE.get(f"{game}/{variant}") if isinstance(game, str) and isinstance(variant, str) else None
    if spec is None:
        if not any(s.game == game for s in CATALOGUE.values()):
            raise UnknownGameError(f"unknown game {echo(game)}{did_you_mean(game, game_ids())}; known games: "
                                   f"{', '.join(game_ids())}")
        known = variants(game)
        raise UnknownGameError(f"game {game!r} has no variant {echo(variant)}{did_you_mean(variant, known)}; its "
                               f"variants: {', '.join(known)}")
    return spec


def game_ids() -> list[str]:
    """Every game id in the catalogue, in catalogue order."""
    return list(dict.fromkeys(spec.game for spec in CATALOGUE.values()))


def variants(game: str) -> list[str]:
    """The variants of one game."""
    return [spec.variant for spec in CATALOGUE.values() if spec.game == game]
