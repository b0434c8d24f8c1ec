"""Statistics per game (played, won, streaks, best time), kept across kernel restarts.

They live in ``stats.json`` in the user's data directory (``platformdirs.user_data_dir("wispwidget")``), or in
``$WISPWIDGET_DATA_DIR`` when that is set (the tests point it at a temporary directory). A game counts as
played once the player made a move at the table (Solve's and Watch's moves do not; a script's games, with a
move made from Python, are not counted at all); only deals count, not positions loaded; a game left unwon for a
new deal ends the current streak. The file also keeps, per game, the last deal New deal dealt (``new_deals``), so
that New deal goes on from there in the next session rather than dealing deals 2, 3, ... again.

Several kernels may share the file: every update takes ``stats.json.lock`` (``filelock``), reads the file,
changes it and replaces it whole (a temporary file in the same folder, synced, then renamed over it). A file
that is not statistics is renamed aside to ``stats.json.broken-<time>`` and statistics start afresh; a folder
that cannot be written keeps this kernel's statistics in memory. Either is said once, in a sentence the table
shows (``take_notice``).
"""

from __future__ import annotations

import json
import math
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from filelock import FileLock, Timeout

from ..io.files import replace_whole

ENV = "WISPWIDGET_DATA_DIR"
FILE = "stats.json"
LOCK_SECONDS = 10.0  # how long an update waits for another kernel's before the folder counts as unwritable
COUNTS = ("played", "won", "current_streak", "best_streak")
_lock = threading.Lock()  # this kernel's threads, one at a time (the file lock serialises the kernels)
_memory: dict[Path, dict[str, Any]] = {}  # per file that could not be written: this kernel's statistics


class BrokenStats(ValueError):
    """The statistics file holds something that is not statistics; the message says what."""


def data_dir() -> Path:
    """Where wispwidget keeps what must outlive a kernel."""
    if os.environ.get(ENV):
        return Path(os.environ[ENV])
    import platformdirs

    return Path(platformdirs.user_data_dir("wispwidget"))


def empty(key: str) -> dict[str, Any]:
    """The statistics of a game never played."""
    return {"key": key, "played": 0, "won": 0, "current_streak": 0, "best_streak": 0, "best_seconds": None}


def _count(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise BrokenStats(f"{where} is not a whole number of at least 0")
    return value


def _no_constant(name: str) -> Any:
    raise BrokenStats(f"{name} is not a number")


def parse(text: bytes | str) -> dict[str, Any]:
    """The statistics in ``text``: ``{"games": {key: entry}, "new_deals": {key: deal}}``, every count a whole
    number of at least 0, a best time finite seconds or null, missing fields filled in; else ``BrokenStats``."""
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except BrokenStats:
        raise
    except (ValueError, RecursionError) as exc:  # JSONDecodeError, UnicodeDecodeError, an integer too long
        raise BrokenStats("it is not complete JSON") from exc
    if not isinstance(data, dict) or not isinstance(data.get("games"), dict) or set(data) - {"games", "new_deals"}:
        raise BrokenStats('it is not an object of "games" and "new_deals"')
    deals = data.get("new_deals", {})
    if not isinstance(deals, dict):
        raise BrokenStats('"new_deals" is not an object')
    games: dict[str, Any] = {}
    for key, entry in data["games"].items():
        if not isinstance(entry, dict) or set(entry) - set(empty(key)) or entry.get("key", key) != key:
            raise BrokenStats(f"the entry of {key} is not a game's statistics")
        games[key] = entry = {**empty(key), **entry}
        for name in COUNTS:
            _count(entry[name], f"{key}'s {name}")
        best = entry["best_seconds"]
        if best is not None and (isinstance(best, bool) or not isinstance(best, (int, float))
                                 or not math.isfinite(best) or best < 0):
            raise BrokenStats(f"{key}'s best_seconds is not a number of seconds")
    return {"games": games, "new_deals": {key: _count(deal, f"{key}'s new deal") for key, deal in deals.items()}}


def _write(path: Path, data: dict[str, Any]) -> None:
    """Replace ``path`` by ``data`` whole (strict JSON), or leave it as it was; no temporary file stays."""
    replace_whole(path, json.dumps(data, indent=1, sort_keys=True, allow_nan=False))


def _aside(path: Path) -> Path:
    """A free name for a broken ``path``: ``stats.json.broken-YYYYMMDD-HHMMSS`` (``-2``, ``-3``, ... after it)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    name, n = f"{path.name}.broken-{stamp}", 1
    while (path.parent / name).exists() or (path.parent / name).is_symlink():
        n += 1
        name = f"{path.name}.broken-{stamp}-{n}"
    return path.parent / name


class StatsStore:
    """Reads and writes the statistics file; every update locks, reads, changes and writes it, so kernels
    sharing the file lose no counts."""

    def __init__(self, path: Path | None = None) -> None:
        self._path = path
        self.notices: list[str] = []

    @property
    def path(self) -> Path:
        """The statistics file."""
        return self._path or data_dir() / FILE

    def take_notice(self) -> str:
        """What the player should be told about the statistics file since last asked (one sentence each), or
        ``""``."""
        said, self.notices = " ".join(self.notices), []
        return said

    def _load(self, path: Path) -> dict[str, Any]:
        """The file's statistics (under the file lock); a broken file is renamed aside, said, and replaced by
        none."""
        try:
            return parse(path.read_bytes())
        except FileNotFoundError:
            return {"games": {}, "new_deals": {}}
        except BrokenStats as exc:
            aside = _aside(path)
            path.rename(aside)
            self.notices.append(f"The statistics file {path} could not be read ({exc}), so it was kept as "
                                f"{aside.name} and the statistics start afresh.")
            return {"games": {}, "new_deals": {}}

    def _transact(self, change: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """Lock, read, ``change`` (True: it changed something), write, unlock; in memory when the folder cannot
        be written (said once per kernel)."""
        with _lock:
            path = self.path
            if path not in _memory:
                try:
                    path.parent.mkdir(parents=True, exist_ok=True)
                    with FileLock(f"{path}.lock", timeout=LOCK_SECONDS):
                        data = self._load(path)
                        if change(data):
                            _write(path, data)
                    return data
                except OSError as exc:  # read-only, a directory in its place, immutable, the lock not taken
                    why = "another kernel kept it locked" if isinstance(exc, Timeout) else exc.strerror or str(exc)
                    self.notices.append(f"The statistics file {path} cannot be written ({why.lower()}), so this "
                                        f"kernel keeps its statistics in memory until it stops.")
                    _memory[path] = self._readable(path)
            data = _memory[path]
            change(data)
            return data

    @staticmethod
    def _readable(path: Path) -> dict[str, Any]:
        """What the file holds, if it can be read at all (the counts a kernel in memory goes on from)."""
        try:
            return parse(path.read_bytes())
        except (OSError, ValueError):
            return {"games": {}, "new_deals": {}}

    def get(self, key: str) -> dict[str, Any]:
        """The statistics of ``key`` (``game/variant``)."""
        return dict(self._transact(lambda data: False)["games"].get(key, empty(key)))

    def _update(self, key: str, change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
        def apply(data: dict[str, Any]) -> bool:
            change(data["games"].setdefault(key, empty(key)))
            return True

        return dict(self._transact(apply)["games"][key])

    def last_new_deal(self, key: str) -> int:
        """The last deal New deal dealt of ``key`` in any session (0 when none)."""
        return int(self._transact(lambda data: False)["new_deals"].get(key, 0))

    def dealt_new(self, key: str, seed: int) -> None:
        """Remember that New deal dealt deal ``seed`` of ``key`` (the count only goes on)."""

        def change(data: dict[str, Any]) -> bool:
            deals = data["new_deals"]
            if seed <= deals.get(key, -1):
                return False
            deals[key] = seed
            return True

        self._transact(change)

    def played(self, key: str) -> dict[str, Any]:
        """Count a game as played (its first move was made)."""
        return self._update(key, lambda e: e.__setitem__("played", e["played"] + 1))

    def won(self, key: str, seconds: float | None) -> dict[str, Any]:
        """Count a win, extend the streak and keep the best time (``seconds`` None: a win that sets no best time,
        one played with hints)."""
        timed = None if seconds is None or not math.isfinite(seconds) or seconds < 0 else round(seconds, 1)

        def change(entry: dict[str, Any]) -> None:
            entry["won"] += 1
            entry["current_streak"] += 1
            entry["best_streak"] = max(entry["best_streak"], entry["current_streak"])
            best = entry["best_seconds"]
            if timed is not None:
                entry["best_seconds"] = timed if best is None else min(best, timed)

        return self._update(key, change)

    def abandoned(self, key: str) -> dict[str, Any]:
        """A played game was left unwon: the current streak ends."""
        return self._update(key, lambda e: e.__setitem__("current_streak", 0))
