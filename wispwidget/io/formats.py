"""The interchange formats of ``docs/formats.md``: read, validate and write.

Readers are strict: duplicate keys, ``NaN``/``Infinity``, unknown fields, bad
cards and ill-formed positions are refused with a ``FormatError`` whose message
says what and where. Writers emit canonical text (``"TS"``, not ``"10s"``).
"""

from __future__ import annotations

import itertools
import json
import math
import re
from collections.abc import Iterable
from typing import Any

from ..cards import SUIT_CHARS, Card, card_str, parse_card
from ..engine.move import MAX_COUNT, Move, parse_location
from ..engine.position import Pile, Position
from ..errors import FormatError, UnknownGameError
from ..games.catalogue import get_game
from ..limits import MAX_INPUT_BYTES, echo

POSITION_FORMAT = "wisp-position/1"
MOVE_FORMAT = "wisp-move/1"
SOLUTION_FORMAT = "wisp-solution/1"
SOLVE_FORMAT = "wisp-solve/1"
CHECK_FORMAT = "wisp-check/1"


# -- JSON text -----------------------------------------------------------------------


class _Refused(Exception):
    """Raised inside json.loads (a duplicate key, NaN): load_json words it, with where it is."""

    def __init__(self, what: str, pattern: str, nth: int) -> None:
        super().__init__(what)
        self.what, self.pattern, self.nth = what, pattern, nth


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            quoted = json.dumps(key)
            raise _Refused(f"the key {quoted} appears twice in one object", re.escape(quoted) + r"\s*:", 2)
        result[key] = value
    return result


def _no_constant(name: str) -> Any:
    raise _Refused(f"{name} is not a number these files hold", r"(?<![\w\"])" + re.escape(name) + r"(?![\w\"])", 1)


def _at(text: str, pattern: str, nth: int) -> str:
    """`` at line L column C`` of the ``nth`` match of ``pattern`` in ``text`` ("" when there is none)."""
    found = list(itertools.islice(re.finditer(pattern, text), nth))
    if len(found) < nth:
        return ""
    start = found[-1].start()
    return f" at line {text.count(chr(10), 0, start) + 1} column {start - (text.rfind(chr(10), 0, start) + 1) + 1}"


#: The most digits a JSON integer may have (no field of these formats needs more than 20).
MAX_INT_DIGITS = 100


class _HugeNumber(Exception):
    pass


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise _HugeNumber(text)
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _HugeNumber(text)
    return value


def _shown(value: Any) -> str:
    """A value read from a file, quoted back as JSON spells it where Python would not (``true``, ``null``)."""
    return json.dumps(value) if value is None or isinstance(value, bool) else echo(value)


def _where(text: str | bytes, token: str) -> str:
    """``line L column C`` of the first occurrence of ``token`` as a JSON number in ``text``."""
    body = text.decode("utf-8", "replace") if isinstance(text, bytes) else text
    match = re.search(r"(?<![\w\".+-])" + re.escape(token) + r"(?![\w.])", body)
    if match is None:
        return "somewhere"
    line = body.count("\n", 0, match.start()) + 1
    column = match.start() - (body.rfind("\n", 0, match.start()) + 1) + 1
    return f"line {line} column {column}"


_SURROGATE = re.compile(r"[\ud800-\udfff]")
_MAYBE_SURROGATE = re.compile(r"[\ud800-\udfff]|\\u[dD][89a-fA-F]")  # a raw one, or a \u escape of one


def _no_lone_surrogate(text: str, where: str) -> None:
    if bad := _SURROGATE.search(text):
        raise FormatError(f"{where}: the text holds a lone surrogate (\\u{ord(bad[0]):04x}), which is not Unicode")


def _unicode_only(document: Any) -> None:
    """Refuse a string holding a lone surrogate (valid JSON, as ``"\\ud800"``, but not Unicode text), naming
    its field."""
    stack = [(document, "")]
    while stack:
        value, where = stack.pop()
        if isinstance(value, dict):
            for key, item in value.items():
                _no_lone_surrogate(key, f"a field name in {where or 'the document'}")
                stack.append((item, f"{where}.{key}" if where else key))
        elif isinstance(value, list):
            stack.extend((item, f"{where}[{i}]") for i, item in enumerate(value))
        elif isinstance(value, str):
            _no_lone_surrogate(value, where or "the document")


def load_json(text: str | bytes) -> Any:
    """Parse JSON strictly (no duplicate keys, no NaN or Infinity, no numbers too large to mean anything, no
    lone surrogates)."""
    if len(text) > MAX_INPUT_BYTES:
        raise FormatError(f"the document is larger than {MAX_INPUT_BYTES // (1 << 20)} MiB")
    if isinstance(text, (bytes, bytearray)):  # UTF-8 only: json would also guess UTF-16 and UTF-32
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise FormatError(f"not UTF-8 text: {exc.reason} at byte {exc.start}") from None
    if text.startswith("\ufeff"):
        raise FormatError("the file starts with a byte-order mark: save it as UTF-8 without one")
    try:
        document = json.loads(text, object_pairs_hook=_no_duplicate_keys, parse_constant=_no_constant,
                              parse_int=_int, parse_float=_float)
    except _Refused as exc:
        raise FormatError(f"{exc.what}{_at(text, exc.pattern, exc.nth)}") from None
    except json.JSONDecodeError as exc:
        raise FormatError(f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except UnicodeDecodeError as exc:
        raise FormatError(f"not UTF-8 text: {exc.reason} at byte {exc.start}") from None
    except RecursionError:
        raise FormatError("not valid JSON: nested too deeply") from None
    except _HugeNumber as exc:
        token = str(exc)
        if token.lstrip("-").isdigit():
            raise FormatError(f"a number of {len(token.lstrip('-')):,} digits at {_where(text, token)} is too "
                              f"large (at most {MAX_INT_DIGITS} digits)") from None
        raise FormatError(f"the number {echo(token)} at {_where(text, token)} is too large to be finite") from None
    except ValueError as exc:  # anything else json's number conversion refuses
        raise FormatError(f"not valid JSON: {echo(str(exc))}") from None
    if _MAYBE_SURROGATE.search(text):  # only then walk the document
        _unicode_only(document)
    return document


def dump_json(document: dict[str, Any], indent: int | None = None) -> str:
    """JSON text for a document (compact by default)."""
    separators = (",", ":") if indent is None else (",", ": ")
    return json.dumps(document, indent=indent, separators=separators, ensure_ascii=False)


# -- helpers for strict reading -----------------------------------------------------


def _object(value: Any, where: str, required: Iterable[str], optional: Iterable[str] = ()) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise FormatError(f"{where}: expected a JSON object, not {_kind(value)}")
    required, allowed = set(required), set(required) | set(optional)
    for key in value:
        if key not in allowed:
            raise FormatError(f"{where}: unknown field {echo(key)} (allowed: {', '.join(sorted(allowed))})")
    for key in sorted(required):
        if key not in value:
            raise FormatError(f"{where}: missing field {key!r}")
    return value


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise FormatError(f"{where}: expected a list, not {_kind(value)}")
    return value


def _string(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise FormatError(f"{where}: expected a string, not {_kind(value)}")
    return value


def _kind(value: Any) -> str:
    names = {dict: "an object", list: "a list", str: "a string", bool: "a boolean", type(None): "null"}
    return names.get(type(value), "a number")


def _cards(value: Any, where: str) -> tuple[Card, ...]:
    items = _list(value, where)
    result = []
    for i, text in enumerate(items):
        if isinstance(text, str) and len(text) > 8:
            raise FormatError(f"{where}[{i}]: {echo(text)} is not a card (rank A23456789TJQK then suit CDHS, "
                              "e.g. '7H')")
        if not isinstance(text, str):
            raise FormatError(f"{where}[{i}]: a card must be a string like '7H', not {_kind(text)}")
        try:
            result.append(parse_card(text))
        except ValueError as exc:
            raise FormatError(f"{where}[{i}]: {exc}") from None
    return tuple(result)


def _format(doc: dict[str, Any], expected: str, where: str) -> None:
    if doc.get("format") != expected:
        raise FormatError(f"{where}format: expected {expected!r}, not {_shown(doc.get('format'))}")


def _other_format(doc: Any, expected: str, where: str) -> None:
    """A document of another of our formats is named as such, before its fields are read ("this is a
    wisp-position/1, not a wisp-solution/1", not an unknown field of the one expected)."""
    found = doc.get("format") if isinstance(doc, dict) else None
    if isinstance(found, str) and found.startswith("wisp-") and found.partition("/")[0] != expected.partition("/")[0]:
        raise FormatError(f"{where}format: this is a {echo(found)} document, not a {expected}")


# -- positions ----------------------------------------------------------------------


def position_from_dict(doc: Any, where: str = "") -> Position:
    """Read a ``wisp-position/1`` object and validate it."""
    prefix = f"{where}." if where else ""
    _other_format(doc, POSITION_FORMAT, prefix)
    # (formats.md: only variant and waste may be left out; foundations is there even when empty, "[]")
    doc = _object(doc, where or "position", ["format", "game", "tableau", "stock", "foundations"],
                  ["variant", "waste"])
    _format(doc, POSITION_FORMAT, prefix)
    game = _string(doc["game"], f"{prefix}game")
    variant = _string(doc.get("variant", "standard"), f"{prefix}variant")
    if not variant:
        raise FormatError(f"{prefix}variant: an empty string is not a variant (omit the field for standard)")
    for name, text in (("game", game), ("variant", variant)):
        if len(text) > 60:
            raise FormatError(f"{prefix}{name}: {echo(text)} is not a known {name}")
    try:
        spec = get_game(game, variant)
    except UnknownGameError as exc:
        raise FormatError(f"{prefix}game: {exc}") from None
    piles = []
    for i, pile in enumerate(_list(doc["tableau"], f"{prefix}tableau")):
        at = f"{prefix}tableau[{i}]"
        pile = _object(pile, at, ["down", "up"])
        piles.append(Pile(_cards(pile["down"], f"{at}.down"), _cards(pile["up"], f"{at}.up")))
    stock = _cards(doc["stock"], f"{prefix}stock")
    waste = _cards(doc.get("waste", []), f"{prefix}waste")
    finished: tuple[int, ...] = ()
    foundations: tuple[tuple[Card, ...], ...] = ()
    raw = _list(doc["foundations"], f"{prefix}foundations")
    if spec.removes_runs:
        suits = []
        for i, suit in enumerate(raw):
            text = _string(suit, f"{prefix}foundations[{i}]").upper()
            if len(text) != 1 or text not in SUIT_CHARS:
                raise FormatError(f"{prefix}foundations[{i}]: {echo(suit)} is not a suit (C, D, H or S)")
            suits.append(SUIT_CHARS.index(text))
        finished = tuple(suits)
    else:
        foundations = tuple(_cards(p, f"{prefix}foundations[{i}]") for i, p in enumerate(raw))
    position = Position(spec=spec, tableau=tuple(piles), stock=stock, waste=waste,
                        finished=finished, foundations=foundations)
    try:
        return position.validate()
    except FormatError as exc:  # a whole position's fault ("3H appears 2 times"): after its place, not in it
        raise FormatError(f"{where}: {exc}" if where else str(exc)) from None


def position_to_dict(position: Position) -> dict[str, Any]:
    """The ``wisp-position/1`` object of a position (always with every field)."""
    spec = position.spec
    if spec.removes_runs:
        foundations: list[Any] = [SUIT_CHARS[s] for s in position.finished]
    else:
        foundations = [[card_str(c) for c in pile] for pile in position.foundations]
    return {
        "format": POSITION_FORMAT,
        "game": spec.game,
        "variant": spec.variant,
        "tableau": [{"down": [card_str(c) for c in p.down], "up": [card_str(c) for c in p.up]}
                    for p in position.tableau],
        "stock": [card_str(c) for c in position.stock],
        "waste": [card_str(c) for c in position.waste],
        "foundations": foundations,
    }


def read_position(text: str | bytes) -> Position:
    """Parse and validate ``wisp-position/1`` JSON text."""
    return position_from_dict(load_json(text))


def write_position(position: Position, indent: int | None = 2) -> str:
    """``wisp-position/1`` JSON text."""
    return dump_json(position_to_dict(position), indent)


# -- moves --------------------------------------------------------------------------


def move_from_dict(doc: Any, where: str = "move") -> Move:
    """Read a ``wisp-move/1`` object. Shape only: legality is the game's business."""
    doc = _object(doc, where, ["from", "to"], ["count"])
    source = _string(doc["from"], f"{where}.from")
    target = _string(doc["to"], f"{where}.to")
    for name, loc in (("from", source), ("to", target)):
        try:
            parse_location(loc)
        except ValueError as exc:
            raise FormatError(f"{where}.{name}: {exc}") from None
    count = doc.get("count", 1)
    if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= MAX_COUNT:
        raise FormatError(f"{where}.count: expected a whole number from 1 to {MAX_COUNT}, not {_shown(count)}")
    if count != 1 and not (source[0] == "t" and target[0] == "t"):
        raise FormatError(f"{where}.count: only 1 is accepted for a move from {source} to {target}")
    return Move(source, target, count)


def move_to_dict(move: Move) -> dict[str, Any]:
    """The ``wisp-move/1`` object: ``count`` is written for tableau-to-tableau moves only."""
    doc: dict[str, Any] = {"from": move.source, "to": move.target}
    if move.source[0] == "t" and move.target[0] == "t":
        doc["count"] = move.count
    return doc


# -- solutions ----------------------------------------------------------------------


def solution_from_dict(doc: Any) -> tuple[Position, list[Move]]:
    """Read a ``wisp-solution/1`` object: the position and its moves (not yet replayed)."""
    _other_format(doc, SOLUTION_FORMAT, "")
    doc = _object(doc, "solution", ["format", "position", "moves"])
    _format(doc, SOLUTION_FORMAT, "")
    position = position_from_dict(doc["position"], "position")
    moves = [move_from_dict(m, f"moves[{i}]") for i, m in enumerate(_list(doc["moves"], "moves"))]
    return position, moves


def solution_to_dict(position: Position, moves: Iterable[Move]) -> dict[str, Any]:
    """The ``wisp-solution/1`` object for a position and a line of moves."""
    return {"format": SOLUTION_FORMAT, "position": position_to_dict(position),
            "moves": [move_to_dict(m) for m in moves]}


def read_solution(text: str | bytes) -> tuple[Position, list[Move]]:
    """Parse ``wisp-solution/1`` JSON text."""
    return solution_from_dict(load_json(text))


def write_solution(position: Position, moves: Iterable[Move], indent: int | None = 2) -> str:
    """``wisp-solution/1`` JSON text."""
    return dump_json(solution_to_dict(position, moves), indent)


# -- search traces ------------------------------------------------------------------


TRACE_FORMAT = "wisp-trace/1"
#: The fields of one trace event: [kind, node, parent, move, depth, g, h10, frontier, explored, rule].
TRACE_EVENT_FIELDS = 10
_EVENT_LIMIT = 1 << 53


def check_trace_dict(doc: Any, kinds: int = 7) -> dict[str, Any]:
    """Check a ``wisp-trace/1`` object before it is replayed; return it or raise ``FormatError`` saying where.

    Beyond the shape (each event ten whole numbers), the references must hold: an event's move and rule
    index the trace's tables (or are -1), and a node's parent is -1 or a node that appeared earlier, so the
    path back from any node ends.
    """
    doc = _object(doc, "trace", ["format", "algorithm", "start", "moves", "rules", "events"], ["options", "kinds"])
    _format(doc, TRACE_FORMAT, "")
    algorithm = _string(doc["algorithm"], "algorithm")
    if not algorithm or len(algorithm) > 60:
        raise FormatError(f"algorithm: expected a short name, not {echo(algorithm)}")
    if "options" in doc and not isinstance(doc["options"], dict):
        raise FormatError(f"options: expected a JSON object, not {_kind(doc['options'])}")
    if "kinds" in doc:
        for i, name in enumerate(_list(doc["kinds"], "kinds")):
            _string(name, f"kinds[{i}]")
    position_from_dict(doc["start"], "start")
    moves = _list(doc["moves"], "moves")
    for i, move in enumerate(moves):
        move_from_dict(move, f"moves[{i}]")
    rules = _list(doc["rules"], "rules")
    for i, rule in enumerate(rules):
        _string(rule, f"rules[{i}]")
    first_seen: dict[int, int] = {}
    for i, event in enumerate(_list(doc["events"], "events")):
        at = f"events[{i}]"
        items = _list(event, at)
        if len(items) != TRACE_EVENT_FIELDS:
            raise FormatError(f"{at}: expected {TRACE_EVENT_FIELDS} numbers, not {len(items)}")
        for j, value in enumerate(items):
            if isinstance(value, bool) or not isinstance(value, int) or not -_EVENT_LIMIT < value < _EVENT_LIMIT:
                raise FormatError(f"{at}[{j}]: expected a whole number, not {_shown(value)}")
        kind, node, parent, move, rule = items[0], items[1], items[2], items[3], items[9]
        if not 0 <= kind < kinds:
            raise FormatError(f"{at}[0]: the event kind must be from 0 to {kinds - 1}, not {kind}")
        if node < -1 or parent < -1:
            raise FormatError(f"{at}: node and parent are -1 or more")
        if not -1 <= move < len(moves):
            raise FormatError(f"{at}[3]: move {move} is not in the trace's {len(moves)} moves")
        if not -1 <= rule < len(rules):
            raise FormatError(f"{at}[9]: rule {rule} is not in the trace's {len(rules)} rules")
        first_seen.setdefault(node, i)
        if parent != -1 and (parent == node or first_seen.get(parent, i) >= first_seen[node]):
            raise FormatError(f"{at}[2]: the parent {parent} of node {node} must be a node that appeared earlier")
    return doc
