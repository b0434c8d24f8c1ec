"""Every number a user gives, checked once: a range check with a one-line message, never a wrap.

The command line, ``wispwidget.solve``, studies and the engine's deal numbers all call these functions, so
a budget, a time limit, a deal number or a range means the same thing everywhere, and a number that does not
fit (too big for the C core's 64-bit integers, negative, not a number) is refused in one sentence instead of
being wrapped, truncated or read as "no limit".
"""

from __future__ import annotations

import math
import re

from .errors import WispError

#: Deal numbers are 64-bit: 0 .. 2**64 - 1.
MAX_SEED = (1 << 64) - 1
#: The largest position budget accepted. The C core's transposition table needs tens of bytes per stored
#: position, so 50 million positions is already a few gigabytes; more would fail with out-of-memory mid-run.
MAX_POSITIONS = 50_000_000
#: The longest time limit accepted, in seconds (one week).
MAX_TIME_LIMIT = 7 * 24 * 3600.0
#: perft counts sequences by recursion; a depth past this would never finish anyway.
MAX_PERFT_DEPTH = 64
#: The most deals one study may name (its jobs are generated lazily, but a run must be able to end).
MAX_DEALS = 10_000_000
#: The most worker processes a study may start.
MAX_WORKERS = 256
#: The most bytes read from one input file (``/dev/zero`` or a runaway pipe is refused, not swallowed).
MAX_INPUT_BYTES = 64 << 20
#: The most characters of user input echoed back in an error message.
ECHO_CHARS = 60


class LimitError(WispError, ValueError):
    """A number outside the range it must be in (the message says which and why)."""


def echo(value: object, limit: int = ECHO_CHARS) -> str:
    """``repr(value)`` cut to about ``limit`` characters, for error messages that quote user input."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return f"a {'negative ' if value < 0 else ''}number of about {int(value.bit_length() * 0.30103) + 1} digits"
    try:
        text = repr(value)
    except Exception:
        text = f"<{type(value).__name__}>"
    if len(text) > limit:
        text = f"{text[:limit]}… ({len(text):,} characters)"
    return text


def shown_number(value: object) -> str:
    """A number quoted back as a person typed it: digits grouped (``1,000,000``), ``0`` not ``0.0``; anything else
    (or a number too long to group) as ``echo`` shows it."""
    if isinstance(value, float) and math.isfinite(value) and value.is_integer() and abs(value) < 1e18:
        value = int(value)
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10**40:
        return f"{value:,}"
    if isinstance(value, float) and math.isfinite(value):
        return f"{value:,.6g}" if abs(value) >= 1 else f"{value:g}"
    return echo(value)


def printable(text: str) -> str:
    """``text`` with its control and format characters written as escapes (``\\x1b``, ``\\u202e``): a file
    name quoted back must not colour the terminal, ring its bell or turn the line around."""
    import unicodedata

    return "".join(ch if ch.isspace() or unicodedata.category(ch) not in ("Cc", "Cf")
                   else (f"\\x{ord(ch):02x}" if ord(ch) < 256 else f"\\u{ord(ch):04x}") for ch in text)


def clip(text: str, limit: int = ECHO_CHARS) -> str:
    """``text`` (not quoted) cut to about ``limit`` characters, with the full length said when it was cut; control
    characters escaped (``printable``)."""
    text = printable(" ".join(str(text).split()))
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text):,} characters)"


def _whole(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, float) and value.is_integer():
            return int(value)
        raise LimitError(f"{name} must be a whole number, not {echo(value)}")
    return value


def check_int(value: object, name: str, low: int, high: int, why: str = "") -> int:
    """Return ``value`` when it is a whole number in ``low..high``, else raise ``LimitError``."""
    number = _whole(value, name)
    if not low <= number <= high:
        reason = f" ({why})" if why else ""
        raise LimitError(f"{name} must be from {low:,} to {high:,}{reason}, not {shown_number(number)}")
    return number


def check_max_positions(value: object, name: str = "max_positions") -> int:
    """A position budget: 1 .. ``MAX_POSITIONS``."""
    number = _whole(value, name)
    if number < 1:
        raise LimitError(f"{name} must be at least 1, not {shown_number(number)}")
    if number > MAX_POSITIONS:
        raise LimitError(f"{name} must be at most {MAX_POSITIONS:,}: a larger search would not fit in memory, "
                         f"not {shown_number(number)}")
    return number


def check_time_limit(value: object, name: str = "time_limit") -> float | None:
    """A time limit in seconds: None (no limit) or a positive finite number up to ``MAX_TIME_LIMIT``."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise LimitError(f"{name} must be a number of seconds, not {shown_number(value)}")
    try:
        seconds = float(value)
    except OverflowError:
        seconds = math.inf
    if math.isnan(seconds) or seconds <= 0 or seconds > MAX_TIME_LIMIT:
        raise LimitError(f"{name} must be more than 0 and at most {MAX_TIME_LIMIT:,.0f} seconds, "
                         f"not {shown_number(value)}")
    return seconds


def check_seed(value: object, name: str = "a deal number") -> int:
    """A deal number: 0 .. 2**64 - 1."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SEED:
        shown = shown_number(value) if isinstance(value, int) and not isinstance(value, bool) else echo(value)
        raise LimitError(f"{name} is a whole number from 0 to {MAX_SEED:,}, not {shown}")
    return value


def check_depth(value: object, name: str = "depth") -> int:
    """A perft depth: 0 .. ``MAX_PERFT_DEPTH``."""
    return check_int(value, name, 0, MAX_PERFT_DEPTH, "deeper counts would never finish")


def check_workers(value: object, name: str = "workers") -> int:
    """A number of worker processes: 1 .. ``MAX_WORKERS``."""
    return check_int(value, name, 1, MAX_WORKERS)


_RANGE = re.compile(r"([0-9]{1,20})(?:-([0-9]{1,20}))?")


def parse_deal_range(text: str, name: str = "the range of deals") -> range:
    """``"1-1000"`` (inclusive) or ``"7"``: deal numbers within 0 .. 2**64 - 1, at most ``MAX_DEALS`` of them."""
    match = _RANGE.fullmatch(text.strip()) if isinstance(text, str) else None
    if match is None:
        raise LimitError(f"{name} must be A-B, whole numbers with A <= B (e.g. 1-1000), not {echo(text)}")
    low = int(match.group(1))
    high = int(match.group(2) or match.group(1))
    for number in (low, high):
        if number > MAX_SEED:
            raise LimitError(f"{name}: deal numbers go from 0 to {MAX_SEED:,}, not {shown_number(number)}")
    if high < low:
        raise LimitError(f"{name} must be A-B with A <= B, not {echo(text)}")
    if high - low + 1 > MAX_DEALS:
        raise LimitError(f"{name} names {high - low + 1:,} deals; a study takes at most {MAX_DEALS:,}")
    return range(low, high + 1)


def parse_int(text: str, name: str) -> int:
    """A command-line whole number (at most 1,000 digits, so a runaway one is refused before it is converted;
    a merely large one is converted, so that the range check says the real limit)."""
    stripped = text.strip() if isinstance(text, str) else ""
    if re.fullmatch(r"[+-]?[0-9]{1001,}", stripped):
        raise LimitError(f"{name} must be a whole number of at most 1,000 digits, not one of {len(stripped):,}")
    if not re.fullmatch(r"[+-]?[0-9]{1,1000}", stripped):
        raise LimitError(f"{name} must be a whole number, not {echo(text)}")
    return int(stripped)


_FLOAT = re.compile(r"[+-]?(?:(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?|nan|inf|infinity)", re.IGNORECASE)


def parse_float(text: str, name: str) -> float:
    """A command-line number of seconds (``nan`` and ``inf`` are read, then refused by the range check)."""
    stripped = text.strip() if isinstance(text, str) else ""
    if len(stripped) > 40 or not _FLOAT.fullmatch(stripped):
        raise LimitError(f"{name} must be a number, not {echo(text)}")
    try:
        return float(stripped)
    except ValueError:
        raise LimitError(f"{name} must be a number, not {echo(text)}") from None
