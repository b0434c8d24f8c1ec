"""Rule variants: a ``GameSpec`` built from a base game and a few rule changes, and a quick study of it.

The rule-variant lab (``wispwidget.variant_lab``) is a front end to this module: ``make_variant`` turns the
lab's controls into a spec, ``solver_for`` says which solver may settle it (and why), and ``run_study``
solves N deals of it the same way ``wispwidget study`` does (``study.run_job``), deal by deal (the lab runs it
as a job of ``widgets/jobs.py``).
"""

from __future__ import annotations

import difflib
import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..cards import MAX_COPIES, RANK_CHARS, SUIT_CHARS, Deck
from ..engine.dealing import deal_position
from ..errors import WispError
from ..games.catalogue import CATALOGUE, get_game
from ..games.soundness import Soundness
from ..games.spec import Build, EmptyPile, Foundations, GameSpec, Movable, Stock
from ..io.words import menu_label as words_menu_label
from ..limits import echo
from ..search.solver import CancelToken, solve
from .stats import wilson_interval, winnable_bounds

# The C core's limits (wispsolve.c: MAXP piles, MAXF foundations, 128 cards in play).
MAX_PILES = 16


class VariantError(WispError, ValueError):
    """Rule changes that make no game: an unknown rule, a value a rule cannot take, or a deck or layout the
    engine refuses (the message says which, and what it may be, in one sentence)."""

CONTROLS = ("movable", "build", "empty_pile", "deal_needs_no_empty_pile", "stock", "foundations",
            "foundation_to_tableau", "ace_between_foundations", "piles", "face_down", "face_up", "suits",
            "top_rank", "copies")

CHOICES: dict[str, dict[str, str]] = {
    "movable": {Movable.SUITED_RUN.value: "the top card, or a run in one suit",
                Movable.ANY_RUN.value: "any run, whatever its suits",
                Movable.SINGLE_CARD.value: "one card at a time"},
    "build": {Build.ANY_SUIT.value: "on a card one rank higher, any suit",
              Build.SAME_SUIT.value: "on a card one rank higher, same suit"},
    "empty_pile": {EmptyPile.ANY.value: "any card or run",
                   EmptyPile.TOP_RANK_ONLY.value: "only a King"},
    "stock": {Stock.DEAL_TO_PILES.value: "deals a card onto every pile",
              Stock.DRAW_TO_WASTE.value: "draws one card to a waste, one pass"},
    "foundations": {Foundations.REMOVE_RUNS.value: "a finished suited run leaves by itself",
                    Foundations.BUILD_UP_IN_SUIT.value: "built up in suit from the Ace, card by card"},
}

TOP_RANK_WORDS = {1: "an Ace", 8: "an 8", 11: "a Jack", 12: "a Queen", 13: "a King"}


def choices_for(top_rank: int = 13) -> dict[str, dict[str, str]]:
    """``CHOICES`` in words for a deck whose highest rank is ``top_rank`` (a mini deck's top is not a King)."""
    top = TOP_RANK_WORDS.get(top_rank, f"a {top_rank}")
    return {**CHOICES, "empty_pile": {**CHOICES["empty_pile"], EmptyPile.TOP_RANK_ONLY.value:
                                      f"only {top}" + ("" if top_rank == 13 else " (the deck's top rank)")}}


_RULE_FIELDS = ("deck", "layout", "build", "movable", "empty_pile", "stock", "foundations",
                "deal_needs_no_empty_pile", "foundation_piles", "foundation_to_tableau", "ace_between_foundations")


def rules_of(spec: GameSpec) -> tuple:
    """Everything that decides how ``spec`` plays (not its names): equal rules, equal games."""
    return tuple(getattr(spec, name) for name in _RULE_FIELDS)


def controls_of(spec: GameSpec) -> dict[str, Any]:
    """The lab's control values that describe ``spec`` (a uniform layout is read from pile 0)."""
    down, up = spec.layout[0] if spec.layout else (0, 1)
    return {"movable": spec.movable.value, "build": spec.build.value, "empty_pile": spec.empty_pile.value,
            "deal_needs_no_empty_pile": spec.deal_needs_no_empty_pile, "stock": spec.stock.value,
            "foundations": spec.foundations.value, "foundation_to_tableau": spec.foundation_to_tableau,
            "ace_between_foundations": spec.ace_between_foundations, "piles": spec.piles, "face_down": down,
            "face_up": up, "suits": spec.deck.suits, "top_rank": spec.deck.top_rank, "copies": spec.deck.copies}


def make_variant(base: str | GameSpec = "will-o-the-wisp", **changes: Any) -> GameSpec:
    """The game ``base`` with the rule ``changes`` (names in ``CONTROLS``); raise ``ValueError`` saying why not.

    ``piles``, ``face_down`` and ``face_up`` give a uniform layout (every pile the same); leaving all three out
    keeps the base's layout. Foundations built up in suit get one pile per Ace of the deck. When the rules
    equal a catalogue game's (Relaxed, say), that game is returned; otherwise a new spec whose variant is
    ``lab-`` and a short hash of its rules (``variant=`` names it instead), not yet in the catalogue
    (``wispwidget.register`` it to deal it by name). What makes no game raises ``VariantError`` (a ``WispError``
    and a ``ValueError``) in one sentence: an unknown rule (with the likeliest meant), a value a rule cannot take
    (with the values it can).
    """
    base_spec = get_game(base)
    unknown = sorted(set(changes) - set(CONTROLS) - {"variant", "name"})
    if unknown:
        raise VariantError(unknown_rules(unknown))
    current = controls_of(base_spec)
    values = {**current, **{k: v for k, v in changes.items() if k in CONTROLS}}
    for name, choices in CHOICES.items():  # an enum's own error names no valid value: say them all
        if not isinstance(values[name], str) or values[name] not in choices:
            raise VariantError(f"{name} must be one of {', '.join(map(repr, choices))}, not {echo(values[name])}")
    movable, build = Movable(values["movable"]), Build(values["build"])
    empty, stock = EmptyPile(values["empty_pile"]), Stock(values["stock"])
    foundations = Foundations(values["foundations"])
    for name in ("deal_needs_no_empty_pile", "foundation_to_tableau", "ace_between_foundations"):
        if not isinstance(values[name], bool):
            raise VariantError(f"{name} must be True or False, not {echo(values[name])}")
    for name in ("piles", "face_down", "face_up", "top_rank", "copies"):
        if not isinstance(values[name], int) or isinstance(values[name], bool):
            shown = "an empty box" if values[name] == "" else echo(values[name])
            raise VariantError(f"{name} must be a whole number, not {shown}")
    if not isinstance(values["suits"], str):
        raise VariantError(f"suits must be letters of CDHS, not {echo(values['suits'])}")
    suits = values["suits"].upper()
    if not suits:
        raise VariantError("the deck needs at least one suit")
    if any(s not in SUIT_CHARS for s in suits) or len(set(suits)) != len(suits):
        raise VariantError(f"suits must be distinct letters of CDHS, not {echo(values['suits'])}")
    if not 1 <= values["copies"] <= MAX_COPIES:  # the engine takes more; a file (wisp-game/1) holds no more
        raise VariantError(f"the deck is 1 to {MAX_COPIES} copies of its cards, not {values['copies']}")
    try:
        deck = Deck(suits=suits, top_rank=values["top_rank"], copies=values["copies"])
    except ValueError as exc:
        raise VariantError(str(exc)) from None
    if any(k in changes for k in ("piles", "face_down", "face_up")):
        if not 1 <= values["piles"] <= MAX_PILES:
            raise VariantError(f"piles must be 1 to {MAX_PILES}, not {values['piles']}")
        if values["face_down"] < 0 or values["face_up"] < 1:
            raise VariantError("each pile needs at least one face-up card, and no fewer than 0 face down")
        layout = ((values["face_down"], values["face_up"]),) * values["piles"]
    else:
        layout = base_spec.layout
    builds_up = foundations is Foundations.BUILD_UP_IN_SUIT
    spec_rules = dict(deck=deck, layout=layout, build=build, movable=movable, empty_pile=empty, stock=stock,
                      foundations=foundations, deal_needs_no_empty_pile=bool(values["deal_needs_no_empty_pile"]),
                      foundation_piles=len(suits) * deck.copies if builds_up else 0,
                      foundation_to_tableau=values["foundation_to_tableau"] and builds_up,
                      ace_between_foundations=values["ace_between_foundations"] and builds_up)
    try:
        candidate = replace(base_spec, **spec_rules, variant="lab", description="")
    except ValueError as exc:  # GameSpec's own checks (too many cards dealt, ...)
        raise VariantError(str(exc).removeprefix(f"{base_spec.game}/lab: ")) from None
    if "variant" not in changes:
        for spec in (base_spec, *CATALOGUE.values()):
            if spec.game == base_spec.game and rules_of(spec) == rules_of(candidate):
                return spec
    digest = hashlib.sha1(repr(rules_of(candidate)).encode()).hexdigest()[:8]
    variant = changes.get("variant") or f"lab-{digest}"
    words = differences(base_spec, candidate)
    name = changes.get("name") or (f"{base_spec.name}: {'; '.join(words)}" if words else base_spec.name)
    return replace(candidate, variant=variant, name=name,
                   description=f"A rule variant of {base_spec.name}: " + ("; ".join(words) or "no change") + ".")


def unknown_rules(names: list[str]) -> str:
    """Names that are no rule of the lab's, each with the rule it most likely meant, and the rules there are."""
    said = []
    for name in names:
        near = difflib.get_close_matches(name, CONTROLS, n=1)
        said.append(echo(name)[1:-1] + (f" (did you mean {near[0]}?)" if near else ""))
    return f"unknown rule{'s' if len(names) > 1 else ''} {', '.join(said)}; the lab's rules: {', '.join(CONTROLS)}"


def differences(base: GameSpec, spec: GameSpec, *, short: bool = False) -> list[str]:
    """How ``spec``'s rules differ from ``base``'s, in phrases for people (``short``: a few words each, for the
    game menu, which cuts long names: "any run moves" for "moves any run, whatever its suits")."""
    return [brief if short else long for long, brief in _difference_phrases(base, spec)]


def _difference_phrases(base: GameSpec, spec: GameSpec) -> list[tuple[str, str]]:
    """Each rule ``spec`` changes from ``base``, as a (long, short) pair of phrases."""
    out: list[tuple[str, str]] = []

    def say(long: str, brief: str) -> None:
        out.append((long, brief))

    if spec.movable is not base.movable:
        say(f"moves {CHOICES['movable'][spec.movable.value]}", _SHORT_MOVABLE[spec.movable])
    if spec.build is not base.build:
        say(*(("builds in suit", "in suit") if spec.build is Build.SAME_SUIT else ("builds in any suit", "any suit")))
    if spec.empty_pile is not base.empty_pile:
        top = RANK_CHARS[spec.deck.top_rank - 1].replace("T", "10")
        say(f"an empty pile takes {choices_for(spec.deck.top_rank)['empty_pile'][spec.empty_pile.value]}",
            "empty: any" if spec.empty_pile is EmptyPile.ANY else f"empty: {top} only")
    if spec.deal_needs_no_empty_pile != base.deal_needs_no_empty_pile:
        say(*(("the stock waits while a pile is empty", "no deal on empty") if spec.deal_needs_no_empty_pile
              else ("the stock deals onto empty piles too", "deals on empty")))
    if spec.stock is not base.stock:
        say(f"the stock {CHOICES['stock'][spec.stock.value]}",
            "deals" if spec.stock is Stock.DEAL_TO_PILES else "draws")
    if spec.foundations is not base.foundations:
        say(f"foundations: {CHOICES['foundations'][spec.foundations.value]}",
            "runs leave" if spec.foundations is Foundations.REMOVE_RUNS else "builds up")
    if spec.foundation_to_tableau != base.foundation_to_tableau:
        say(*(("foundation cards may come back", "cards come back") if spec.foundation_to_tableau
              else ("foundation cards stay", "cards stay home")))
    if spec.ace_between_foundations != base.ace_between_foundations:
        say(*(("a lone Ace may change foundation", "Aces change") if spec.ace_between_foundations
              else ("Aces stay put", "Aces stay")))
    if spec.layout != base.layout:
        down, up = spec.layout[0]
        same = all(p == spec.layout[0] for p in spec.layout)
        piles = f"{spec.piles} pile" + ("s" if spec.piles != 1 else "")
        say(f"{piles} of {down} down + {up} up" if same else piles, f"{piles} {down}+{up}" if same else piles)
    if spec.deck != base.deck:
        deck = describe_deck(spec.deck)  # "1 deck", "2 decks", "A-6 of ♠♥"
        say(deck if deck.endswith(("deck", "decks")) else f"deck {deck}", deck.replace(" of ", " "))
    return out


_SHORT_MOVABLE = {Movable.SUITED_RUN: "suited runs move", Movable.ANY_RUN: "any run moves",
                  Movable.SINGLE_CARD: "one card moves"}


def menu_label(spec: GameSpec) -> str:
    """The game menu's label: a lab variant named by its rules says its changes first, in a few words each
    ("any run moves · empty: K only — Will o' the Wisp"), since the menu cuts long names and every variant of a
    game starts with the same base name; any other game is ``words.menu_label``'s."""
    base_name = spec.name.partition(": ")[0]
    base = next((s for s in CATALOGUE.values() if s.game == spec.game and s.name == base_name), None)
    if base is None or not spec.variant.startswith("lab-"):
        return words_menu_label(spec)
    phrases = _difference_phrases(base, spec)
    if spec.name != f"{base.name}: {'; '.join(long for long, _ in phrases)}":  # a name of one's own is kept
        return words_menu_label(spec)
    return f"{' · '.join(brief for _, brief in phrases)} — {words_menu_label(base)}"


def describe_deck(deck: Deck) -> str:
    """A deck in words: ``A-6 of ♠♥``, ``2 decks``."""
    symbols = "".join(SUIT_SYMBOLS[s] for s in deck.suits)
    if deck.suits == SUIT_CHARS and deck.top_rank == 13:
        return "1 deck" if deck.copies == 1 else f"{deck.copies} decks"
    rank = RANK_CHARS[deck.top_rank - 1].replace("T", "10")
    return f"A-{rank} of {symbols}" + (f", {deck.copies} times" if deck.copies > 1 else "")


SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


# -- which solver ---------------------------------------------------------------------


@dataclass(frozen=True)
class SolverChoice:
    """Which solver settles a variant's deals: ``native`` (the C core) or ``python``, and why, in words."""

    engine: str
    reason: str
    soundness: Soundness

    @property
    def note(self) -> str:
        """One line for people: the engine and, for the Python search, why."""
        if self.engine == "native":
            return "Solved by the fast C solver; " + self.reason
        return "Solved by the Python search (slower): " + self.reason


def solver_for(spec: GameSpec) -> SolverChoice:
    """The solver for ``spec``'s deals: the C core where it can encode them, else the Python search, said so.

    Either way the pruning used is what ``games/soundness.py`` derives from the spec (the C core reads the same
    predicates through ``native.encode_spec``; the Python search uses only its exact transposition table).
    """
    from ..search import native

    soundness = Soundness.of(spec)
    rules = [name for name, on in (("an Ace played home at once", soundness.ace_to_foundation),
                                   ("the Forty Thieves dead-end test", soundness.forty_dead_test),
                                   ("the Spider dead-end test", soundness.spider_dead_test),
                                   ("a card drawn played before other moves", soundness.draw_then_play),
                                   ("a card brought back from a foundation used at once",
                                    soundness.worry_back_then_use)) if on]
    pruning = ("it skips only what cannot change the answer: positions seen before, piles in another order"
               + "".join(f", {rule}" for rule in rules))
    if native.load() is None:
        return SolverChoice("python", f"the C core is not available ({native.why_unavailable})", soundness)
    reason = native.refusal(deal_position(spec, 1))  # the core's own limits (piles, cards, foundations, ...)
    if reason:
        return SolverChoice("python", reason, soundness)
    return SolverChoice("native", pruning, soundness)


# -- studies --------------------------------------------------------------------------


@dataclass(frozen=True)
class Share:
    """One outcome's share of the deals with its 95% Wilson interval."""

    count: int
    share: float
    low: float
    high: float


@dataclass(frozen=True)
class StudyResult:
    """A quick study of one game: a record per deal (as ``study.run_job`` writes) and the shares."""

    spec: GameSpec
    seeds: tuple[int, ...]
    max_positions: int
    records: tuple[dict[str, Any], ...]
    engine: str
    cancelled: bool = False

    @property
    def deals(self) -> int:
        """Deals settled or not (those the study got through)."""
        return len(self.records)

    def count(self, result: str) -> int:
        """How many deals ended ``won``, ``lost`` or ``unknown``."""
        return sum(r["result"] == result for r in self.records)

    def share(self, result: str) -> Share:
        """The share of ``result`` with its 95% Wilson interval."""
        n, k = self.deals, self.count(result)
        low, high = wilson_interval(k, n)
        return Share(k, k / n if n else 0.0, low, high)

    @property
    def winnable_bounds(self) -> tuple[float, float]:
        """95% bounds on the winnable share, unknowns counted both ways (``stats.winnable_bounds``)."""
        return winnable_bounds(self.count("won"), self.count("lost"), self.count("unknown"))

    def summary(self) -> dict[str, Any]:
        """A JSON-ready summary: counts, shares with intervals, the winnable bounds (what the lab draws)."""
        low, high = self.winnable_bounds
        return {"game": self.spec.game, "variant": self.spec.variant, "name": self.spec.name,
                "label": menu_label(self.spec), "deals": self.deals,
                "max_positions": self.max_positions, "engine": self.engine, "cancelled": self.cancelled,
                "seeds": [self.seeds[0], self.seeds[-1]] if self.seeds else [],
                **{name: vars(self.share(name)) for name in ("won", "lost", "unknown")},
                "winnable_low": low, "winnable_high": high}

    def describe(self) -> str:
        """One line for people (and what to try when most deals were not settled)."""
        won, lost, unknown = (self.share(n) for n in ("won", "lost", "unknown"))
        low, high = self.winnable_bounds
        budget = f"{self.max_positions:,} position" + ("s" if self.max_positions != 1 else "")
        # with no deal unknown the range is the won share's own 95% interval
        how = "unknowns counted both ways" if unknown.count else "every deal settled"
        deals = f"{self.deals:,} deal" + ("s" if self.deals != 1 else "")
        line = (f"{self.spec.name}: {deals} at {budget}: won {won.count}, "
                f"lost {lost.count}, unknown {unknown.count}; winnable {100 * low:.0f}%-{100 * high:.0f}% (95%, "
                f"{how}).")
        return line + (f" {UNSETTLED_ADVICE}" if self.mostly_unknown else "")

    @property
    def mostly_unknown(self) -> bool:
        """True when the budget settled fewer than half of the deals: the shares then say little."""
        return self.deals > 0 and 2 * self.count("unknown") > self.deals


UNSETTLED_ADVICE = ("Most deals were not settled within the budget, so the winnable share could be anywhere in "
                    "that range: give more positions per deal (a game with a long stock or many cards, or one "
                    "the fast core cannot take, needs more), or make the game smaller. A game seldom won may stay "
                    "unsettled at any budget: a lost deal is the hardest to prove.")


def run_study(spec: GameSpec, seeds: Sequence[int], max_positions: int, *, cancel: CancelToken | None = None,
              progress: Callable[[int, int], None] | None = None, engine: str | None = None) -> StudyResult:
    """Solve each deal of ``spec`` in turn (as ``study.run_job`` does); stop early when ``cancel`` is set.

    ``engine`` defaults to ``solver_for(spec).engine``. Each record has the keys of ``run_job``'s that do not
    depend on the machine: ``game``, ``variant``, ``seed``, ``result``, ``positions``, ``moves``, ``seconds``.
    """
    engine = engine or solver_for(spec).engine
    records = []
    seeds = tuple(seeds)
    for done, seed in enumerate(seeds):
        if cancel is not None and cancel.cancelled:
            break
        result = solve(deal_position(spec, seed), max_positions, cancel=cancel, engine=engine)
        if result.cancelled:
            break
        records.append({"game": spec.game, "variant": spec.variant, "seed": seed, "result": result.result,
                        "positions": result.positions, "moves": len(result.moves),
                        "seconds": round(result.seconds, 4)})
        if progress is not None:
            progress(done + 1, len(seeds))
    cancelled = len(records) < len(seeds)
    return StudyResult(spec, seeds, max_positions, tuple(records), engine, cancelled)
