"""Statistics per game (played, won, streaks, best time), kept across kernel restarts.

They live in ``stats.json`` in the user's data directory (``platformdirs.user_data_dir("wispwidget")``), or in
``$WISPWIDGET_DATA_DIR`` when that is set (the tests point it at a temporary directory). A game counts as
played once the player made a move at the table (Solve's and Watch's moves do not; a script's games, with a
move made from Python, are not counted at all); only deals count, not positions loaded; a game left unwon for a
new deal ends the current streak. The file also keeps, per game, the last deal New deal dealt (``new_deals``), so
that New deal goes on from there in the next session rather than dealing deals 2, 3, ... again.
"""

from __future__ import annotations

import json
import os
import tempfile
import threading
from pathlib import Path
from typing import Any

ENV = "WISPWIDGET_DATA_DIR"
FILE = "stats.json"
_lock = threading.Lock()


def data_dir() -> Path:
    """Where wispwidget keeps what must outlive a kernel."""
    if os.environ.get(ENV):
        return Path(os.environ[ENV])
    import platformdirs

    return Path(platformdirs.user_data_dir("wispwidget"))


def empty(key: str) -> dict[str, Any]:
    """The statistics of a game never played."""
    return {"key": key, "played": 0, "won": 0, "current_streak": 0, "best_streak": 0, "best_seconds": None}


class StatsStore:
    """Reads and writes the statistics file; every update reads it first, so two kernels do not lose counts."""

    def __init__(self, path: Path | None = None) -> None:
        self._path = path

    @property
    def path(self) -> Path:
        """The statistics file."""
        return self._path or data_dir() / FILE

    def _read(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            return data if isinstance(data, dict) and isinstance(data.get("games"), dict) else {"games": {}}
        except (OSError, ValueError):
            return {"games": {}}

    def _write(self, data: dict[str, Any]) -> None:
        path = self.path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile("w", dir=path.parent, delete=False, suffix=".tmp",
                                             encoding="utf-8") as out:
                json.dump(data, out, indent=1, sort_keys=True)
            os.replace(out.name, path)
        except OSError:  # a read-only home must not stop play; the counts are then for this kernel only
            pass

    def get(self, key: str) -> dict[str, Any]:
        """The statistics of ``key`` (``game/variant``)."""
        with _lock:
            found = self._read()["games"].get(key)
        return {**empty(key), **(found or {}), "key": key}

    def _update(self, key: str, change) -> dict[str, Any]:
        with _lock:
            data = self._read()
            entry = {**empty(key), **data["games"].get(key, {}), "key": key}
            change(entry)
            data["games"][key] = entry
            self._write(data)
        return dict(entry)

    def last_new_deal(self, key: str) -> int:
        """The last deal New deal dealt of ``key`` in any session (0 when none)."""
        with _lock:
            found = self._read().get("new_deals", {})
        last = found.get(key, 0) if isinstance(found, dict) else 0
        return last if isinstance(last, int) and not isinstance(last, bool) and last >= 0 else 0

    def dealt_new(self, key: str, seed: int) -> None:
        """Remember that New deal dealt deal ``seed`` of ``key`` (the count only goes on)."""
        with _lock:
            data = self._read()
            deals = data.get("new_deals")
            deals = deals if isinstance(deals, dict) else {}
            last = deals.get(key)
            if not isinstance(last, int) or isinstance(last, bool) or seed > last:
                deals[key] = seed
                data["new_deals"] = deals
                self._write(data)

    def played(self, key: str) -> dict[str, Any]:
        """Count a game as played (its first move was made)."""
        return self._update(key, lambda e: e.__setitem__("played", e["played"] + 1))

    def won(self, key: str, seconds: float | None) -> dict[str, Any]:
        """Count a win, extend the streak and keep the best time (``seconds`` None: a win that sets no best time,
        one played with hints)."""

        def change(entry: dict[str, Any]) -> None:
            entry["won"] += 1
            entry["current_streak"] += 1
            entry["best_streak"] = max(entry["best_streak"], entry["current_streak"])
            best = entry["best_seconds"]
            if seconds is not None:
                entry["best_seconds"] = round(seconds, 1) if best is None else min(best, round(seconds, 1))

        return self._update(key, change)

    def abandoned(self, key: str) -> dict[str, Any]:
        """A played game was left unwon: the current streak ends."""
        return self._update(key, lambda e: e.__setitem__("current_streak", 0))
