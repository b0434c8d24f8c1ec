"""The table's protocol, stated once: the requests the view may send and the traits the kernel syncs.

Every request is a JSON object ``{"type": ..., ...}``; each type is a dataclass below, and its fields are
checked before anything is touched. Requests that act on the position carry the state ``version`` they were
made on; one made on an older state (stale, or a duplicate of one already applied) is refused. ``stop``,
``new_deal``, ``daily``, ``winnable`` and ``speed`` act whatever the table shows.

Every trait is owned by the kernel: the view never writes one, and the kernel ignores any update the front-end
sends. ``scripts/gen_schema.py`` turns this module into ``js/schema.gen.ts`` (request types and the
``TableTraits`` interface); ``tests/test_widget_protocol.py`` checks that the generated file is current.
"""

from __future__ import annotations

import dataclasses
import math
import re
import types
import typing
from dataclasses import dataclass
from typing import Any, ClassVar, Union

from ..engine.move import MAX_COUNT

MAX_SPEED = 60.0


def speed_in_range(value: float) -> bool:
    """Whether ``value`` moves a second is a replay speed: above 0, at most ``MAX_SPEED``."""
    return 0 < value <= MAX_SPEED


@dataclass(frozen=True)
class Request:
    """A checked request. ``positional`` requests act on the position shown, so their version must be current."""

    type: ClassVar[str] = ""
    positional: ClassVar[bool] = False

    @property
    def fields(self) -> dict[str, Any]:
        """The request's fields as sent (``None`` for those left out)."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}


@dataclass(frozen=True)
class Click(Request):
    """Do what a click on a card (or the stock) does: the engine picks the destination."""

    type: ClassVar[str] = "click"
    positional: ClassVar[bool] = True
    pile: str
    version: int
    count: int = 1


@dataclass(frozen=True)
class MoveRequest(Request):
    """Move ``count`` cards from one place to another (a drag)."""

    type: ClassVar[str] = "move"
    positional: ClassVar[bool] = True
    source: str = dataclasses.field(metadata={"wire": "from"})
    target: str = dataclasses.field(metadata={"wire": "to"})
    version: int
    count: int = 1


@dataclass(frozen=True)
class Deal(Request):
    """Deal (Spider family) or draw (Forty Thieves family) from the stock."""

    type: ClassVar[str] = "deal"
    positional: ClassVar[bool] = True
    version: int


@dataclass(frozen=True)
class Undo(Request):
    """Take back the last move."""

    type: ClassVar[str] = "undo"
    positional: ClassVar[bool] = True
    version: int


@dataclass(frozen=True)
class Redo(Request):
    """Play the last undone move again."""

    type: ClassVar[str] = "redo"
    positional: ClassVar[bool] = True
    version: int


@dataclass(frozen=True)
class HintRequest(Request):
    """Ask for the next move (a winning line's, or a labelled suggestion). A new hint replaces the last."""

    type: ClassVar[str] = "hint"
    positional: ClassVar[bool] = True
    version: int | None = None


@dataclass(frozen=True)
class FairHint(Request):
    """A hint that never peeks at hidden cards."""

    type: ClassVar[str] = "fair_hint"
    positional: ClassVar[bool] = True
    version: int | None = None


@dataclass(frozen=True)
class Solve(Request):
    """Find a winning line and play it at ``replay_speed`` (Stop stops it)."""

    type: ClassVar[str] = "solve"
    positional: ClassVar[bool] = True
    version: int | None = None


@dataclass(frozen=True)
class Watch(Request):
    """Let the no-peek player play from here, seeing only what the player sees."""

    type: ClassVar[str] = "watch"
    positional: ClassVar[bool] = True
    version: int | None = None


@dataclass(frozen=True)
class Restart(Request):
    """Back to the start of this deal (the moves can be redone)."""

    type: ClassVar[str] = "restart"
    positional: ClassVar[bool] = True
    version: int | None = None


@dataclass(frozen=True)
class Review(Request):
    """Review the moves played so far: where the game was won or lost."""

    type: ClassVar[str] = "review"
    positional: ClassVar[bool] = True
    version: int | None = None


@dataclass(frozen=True)
class Stop(Request):
    """Stop whatever runs in the background (search, replay, watch, hint, review) at once."""

    type: ClassVar[str] = "stop"


@dataclass(frozen=True)
class NewDeal(Request):
    """Deal a new game (the same game unless told); ``winnable`` picks a proved-winnable deal."""

    type: ClassVar[str] = "new_deal"
    game: str | None = None
    variant: str | None = None
    seed: int | str | None = None  # the deal-number box sends the digits typed: a number past 2**53 stays exact
    winnable: bool | None = None


@dataclass(frozen=True)
class Daily(Request):
    """Play today's daily deal of this game."""

    type: ClassVar[str] = "daily"


@dataclass(frozen=True)
class SetWinnable(Request):
    """Set the Winnable switch (new deals are proved winnable)."""

    type: ClassVar[str] = "winnable"
    value: bool


@dataclass(frozen=True)
class Speed(Request):
    """Set the replay speed of Solve and Watch, in moves per second (takes effect at once)."""

    type: ClassVar[str] = "speed"
    value: float


@dataclass(frozen=True)
class ViewShown(Request):
    """A view of the table was drawn (``shown`` true) or taken away (its cell run again, its output cleared)."""

    type: ClassVar[str] = "view"
    shown: bool


REQUEST_CLASSES: tuple[type[Request], ...] = (Click, MoveRequest, Deal, Undo, Redo, HintRequest, FairHint, Solve,
                                              Watch, Restart, Review, Stop, NewDeal, Daily, SetWinnable, Speed,
                                              ViewShown)
REQUESTS: dict[str, type[Request]] = {cls.type: cls for cls in REQUEST_CLASSES}


@dataclass(frozen=True)
class Trait:
    """A synced trait: its TypeScript type and what it means."""

    ts: str
    help: str


EMPTY = "Record<string, never>"  # the TypeScript type of {}
TRAITS: dict[str, Trait] = {
    "table": Trait("TableState", "The public state the view draws: face-down cards and the stock as counts only."),
    "status": Trait("string", "One line: game, deal, moves and what is known of the position."),
    "verdict": Trait("string", "What is known: winnable, proved lost, no longer winnable, not known if winnable "
                               "(too hard to tell quickly), thinking…, won."),
    "message": Trait(EMPTY + ' | { id: number; kind: "info" | "error" | "win"; text: string }',
                     "The last thing said to the player, in one sentence (a new id each time)."),
    "hint_move": Trait(EMPTY + " | { from: string; to: string; count: number; text: string; proved: boolean; "
                       "played?: { from: string; to: string; count: number } }",
                       "The move to highlight: proved when it starts a winning line, else a suggestion; after "
                       "Review, played is the losing move that was played instead."),
    "games": Trait("{ game: string; variant: string; name: string; label: string }[]",
                   "The games the menu offers; label is the exact name with the variant said once."),
    "job": Trait(EMPTY + ' | { kind: "solve" | "hint" | "fair_hint" | "winnable" | "watch" | "replay" | "review"; '
                 "label: string; positions: number | null; cancellable: boolean }",
                 "The background work the player is waiting for, with its progress ({} when none)."),
    "replay_speed": Trait("number", "Moves per second when Solve or Watch plays."),
    "winnable": Trait("boolean", "The Winnable switch: new deals are proved winnable."),
    "reveal": Trait("boolean", "Teaching switch, set from Python only: face-down identities are shown."),
    "busy": Trait("boolean", "True while something plays or searches for the player (Solve and Watch wait)."),
    "moves": Trait("number", "Moves played."),
    "won": Trait("boolean", "True once every card is home."),
    "version": Trait("number", "The state version; every positional request carries the one it was made on."),
    "stats": Trait("{ key: string; played: number; won: number; current_streak: number; best_streak: number; "
                   "best_seconds: number | null }", "This game's statistics, kept across kernel restarts."),
    "win_summary": Trait(EMPTY + " | { moves: number; seconds: number; hints: number; undos: number; "
                         "assisted: boolean; help: string }",
                         "How the game was won ({} until it is); assisted when Solve, Watch or Python made "
                         "moves (help says who, and what is left out of the statistics: the win, or the whole game)."),
}


class ProtocolError(ValueError):
    """A message that is not a well-formed request."""


def wire_name(field: dataclasses.Field) -> str:
    """The field's name in JSON (``from``/``to`` are Python keywords)."""
    return field.metadata.get("wire", field.name)


def field_types(cls: type[Request]) -> dict[str, tuple[type, ...]]:
    """Each field's accepted Python types (``NoneType`` when it may be null)."""
    hints = typing.get_type_hints(cls)
    out = {}
    for field in dataclasses.fields(cls):
        hint = hints[field.name]
        args = typing.get_args(hint) if typing.get_origin(hint) in (Union, types.UnionType) else (hint,)
        out[field.name] = tuple(args)
    return out


def is_required(field: dataclasses.Field) -> bool:
    """True when the request must carry this field."""
    return field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING


def _check(kind: str, key: str, value: Any, accepted: tuple[type, ...]) -> Any:
    if value is None and type(None) in accepted:
        return None
    if bool in accepted and isinstance(value, bool):
        return value
    if isinstance(value, bool):
        raise ProtocolError(f"{kind}: {key} must be a {'number' if float in accepted else 'whole number'}")
    if float in accepted and isinstance(value, int | float):
        if not math.isfinite(value):
            raise ProtocolError(f"{kind}: {key} must be a finite number")
        return float(value)
    for python_type in accepted:
        if python_type is not type(None) and isinstance(value, python_type):
            return value
    raise ProtocolError(f"{kind}: {key} has the wrong type ({type(value).__name__})")


def parse_request(message: Any) -> Request:
    """Check a front-end message; raise ``ProtocolError`` saying what is wrong (never anything else)."""
    if not isinstance(message, dict):
        raise ProtocolError(f"a request must be an object, not {type(message).__name__}")
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in REQUESTS:
        shown = repr(kind) if isinstance(kind, str | int | float | type(None)) else type(kind).__name__
        raise ProtocolError(f"unknown request type {shown[:40]}")
    cls = REQUESTS[kind]
    accepted = field_types(cls)
    by_wire = {wire_name(f): f for f in dataclasses.fields(cls)}
    values: dict[str, Any] = {}
    for key, value in message.items():
        if key == "type":
            continue
        if not isinstance(key, str) or key not in by_wire:
            raise ProtocolError(f"{kind}: unexpected field {str(key)[:40]!r}")
        field = by_wire[key]
        values[field.name] = _check(kind, key, value, accepted[field.name])
    for key, field in by_wire.items():
        if field.name not in values and is_required(field):
            raise ProtocolError(f"{kind}: missing field {key!r}")
    if values.get("count") is not None and not 1 <= values["count"] <= MAX_COUNT:
        raise ProtocolError(f"{kind}: count must be from 1 to {MAX_COUNT}")
    if kind == "speed" and not speed_in_range(values["value"]):
        raise ProtocolError(f"speed: value must be above 0 and at most {MAX_SPEED:g} moves a second")
    if kind == "new_deal" and isinstance(values.get("seed"), str):
        if not re.fullmatch(r"[0-9]{1,40}", values["seed"]):
            raise ProtocolError("new_deal: seed must be a whole number, as digits")
        values["seed"] = int(values["seed"])  # its range is the controller's to check (one sentence, check_seed)
    if kind == "new_deal" and values.get("seed") is not None and values["seed"] < 0:
        raise ProtocolError("new_deal: seed must be 0 or more")
    return cls(**values)
