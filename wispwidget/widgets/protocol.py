"""Messages from the front-end: their shapes, checked before anything is touched.

Every request is a JSON object ``{"type": ..., ...}``. Requests that change the
game carry the state ``version`` they were made on; a request made on an older
state (stale, or a duplicate of one already applied) is refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# type -> {field: python type}; "version" marks requests that must match the current state.
REQUESTS: dict[str, dict[str, type | tuple[type, ...]]] = {
    "click": {"pile": str, "count": int, "version": int},
    "move": {"from": str, "to": str, "count": int, "version": int},
    "deal": {"version": int},
    "undo": {"version": int},
    "redo": {"version": int},
    "hint": {},
    "fair_hint": {},
    "restart": {},
    "new_deal": {"game": str, "variant": str, "seed": (int, type(None)), "winnable": bool},
    "daily": {},
    "solve": {},
    "watch": {},
    "stop": {},
}
OPTIONAL = {"click": {"count"}, "move": {"count"}, "new_deal": {"game", "variant", "seed", "winnable"}}


class ProtocolError(ValueError):
    """A message that is not a well-formed request."""


@dataclass(frozen=True)
class Request:
    """A checked request."""

    type: str
    fields: dict[str, Any]

    @property
    def version(self) -> int | None:
        """The state version the request was made on (None for requests that need none)."""
        return self.fields.get("version")


def parse_request(message: Any) -> Request:
    """Check a front-end message; raise ``ProtocolError`` saying what is wrong."""
    if not isinstance(message, dict):
        raise ProtocolError(f"a request must be an object, not {type(message).__name__}")
    kind = message.get("type")
    if kind not in REQUESTS:
        raise ProtocolError(f"unknown request type {kind!r}")
    schema = REQUESTS[kind]
    optional = OPTIONAL.get(kind, set())
    fields: dict[str, Any] = {}
    for key, value in message.items():
        if key == "type":
            continue
        if key not in schema:
            raise ProtocolError(f"{kind}: unexpected field {key!r}")
        expected = schema[key]
        if isinstance(value, bool) and expected is int:
            raise ProtocolError(f"{kind}: {key} must be a whole number")
        if not isinstance(value, expected):
            raise ProtocolError(f"{kind}: {key} has the wrong type ({type(value).__name__})")
        fields[key] = value
    for key in schema:
        if key not in fields and key not in optional:
            raise ProtocolError(f"{kind}: missing field {key!r}")
    if "count" in fields and fields["count"] < 1:
        raise ProtocolError(f"{kind}: count must be at least 1")
    return Request(kind, fields)
