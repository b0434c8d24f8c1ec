"""The statistics file (``widgets/stats.py``) shared by kernels, broken, or in a folder that cannot be written.

Issue 67 part 3: two kernels finishing 50 wins each left "played 82, won 99"; a file cut off mid-write was
silently replaced by the next win; a directory in its place or a read-only folder said nothing, left a tmp file
per update and showed "played 0, won 1"; ``"played": 1e400`` was written back as ``Infinity``; a wrong-typed
field ended a win with "Something went wrong".
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wispwidget import deal, solve
from wispwidget.widgets.controller import TableController
from wispwidget.widgets.stats import StatsStore

KEY = "micro-wisp/standard"
OTHER = "black-widow/standard"


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("WISPWIDGET_DATA_DIR", str(tmp_path))
    return tmp_path


def strict(path: Path) -> dict:
    """The file as strict JSON (no NaN or Infinity)."""

    def refuse(name):
        raise ValueError(f"{name} is not JSON")

    return json.loads(path.read_text(encoding="utf-8"), parse_constant=refuse)


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if "tmp" in p.name)


def one_sentence(text: str) -> None:
    assert text.endswith(".") and text.count(". ") == 0 and "Traceback" not in text and "\n" not in text, text


WORKER = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    from wispwidget.widgets.stats import StatsStore
    store = StatsStore()
    ready, go = Path(sys.argv[1]), Path(sys.argv[2])
    ready.touch()
    while not go.exists():  # both start together, once both have imported wispwidget
        time.sleep(0.0005)
    for _ in range(50):
        store.played("micro-wisp/standard")
        store.won("micro-wisp/standard", 12.5)
""")


def two_kernels_win_50_each(folder: Path) -> dict:
    folder.mkdir()
    go = folder / "go"
    env = {**os.environ, "WISPWIDGET_DATA_DIR": str(folder)}
    workers = [subprocess.Popen([sys.executable, "-c", WORKER, str(folder / f"ready-{n}"), str(go)], env=env,
                                stderr=subprocess.PIPE) for n in range(2)]
    deadline = time.monotonic() + 120
    while not all((folder / f"ready-{n}").exists() for n in range(2)) and time.monotonic() < deadline:
        time.sleep(0.005)
    go.touch()
    for worker in workers:
        _, err = worker.communicate(timeout=120)
        assert worker.returncode == 0, err.decode()
    assert leftovers(folder) == []
    return strict(folder / "stats.json")["games"][KEY]


def test_two_kernels_recording_50_wins_each_at_once_count_100_played_and_100_won(tmp_path):
    for trial in range(3):
        entry = two_kernels_win_50_each(tmp_path / f"trial-{trial}")
        assert (entry["played"], entry["won"]) == (100, 100), (trial, entry)
        assert entry["best_streak"] == 100 and entry["best_seconds"] == 12.5


def test_a_file_cut_off_mid_write_is_kept_aside_said_once_and_the_statistics_start_afresh(data_dir):
    store = StatsStore()
    store.played(OTHER)
    store.won(OTHER, 40.0)
    store.played(KEY)
    text = (data_dir / "stats.json").read_text()
    (data_dir / "stats.json").write_text(text[: len(text) // 2])
    c = TableController(deal("micro-wisp", 1), seed=1, auto_verdict=False)  # reading it finds it broken
    broken = list(data_dir.glob("stats.json.broken-*"))
    assert len(broken) == 1 and broken[0].read_text() == text[: len(text) // 2]  # the other records are there
    assert "could not be read" in c.message["text"] and broken[0].name in c.message["text"]
    one_sentence(c.message["text"])
    for move in solve(c.game.position()).moves:
        c.handle({"type": "move", "from": move[0], "to": move[1], "count": move[2], "version": c.version})
    assert c.stats["played"] == 1 and c.stats["won"] == 1 and "could not be read" not in c.message["text"]
    assert strict(data_dir / "stats.json")["games"][KEY]["won"] == 1 and leftovers(data_dir) == []
    assert len(list(data_dir.glob("stats.json.broken-*"))) == 1  # said and kept aside once


def test_a_second_broken_file_in_the_same_second_gets_its_own_name(data_dir):
    store = StatsStore()
    for _ in range(3):
        (data_dir / "stats.json").write_text('{"games": ')
        store.played(KEY)
    assert len(list(data_dir.glob("stats.json.broken-*"))) == 3 and len(store.notices) == 3


def play_and_win(c: TableController) -> None:
    for move in solve(c.game.position()).moves:
        c.handle({"type": "move", "from": move[0], "to": move[1], "count": move[2], "version": c.version})


def unwritable_is_said_once_and_counted_in_memory(folder: Path) -> None:
    c = TableController(deal("micro-wisp", 1), seed=1, auto_verdict=False)
    said = [c.message.get("text", "")]
    play_and_win(c)
    said.append(c.message["text"])
    c.new_deal(seed=1)
    play_and_win(c)
    said.append(c.message["text"])
    assert "cannot be written" in said[0] and not any("cannot be written" in text for text in said[1:]), said
    one_sentence(said[0])  # said as the table opens, once
    assert "Something went wrong" not in " ".join(said)
    assert c.stats["played"] == 2 and c.stats["won"] == 2 and c.stats["best_streak"] == 2
    again = TableController(deal("micro-wisp", 1), seed=1, auto_verdict=False)  # another table, this kernel
    assert again.stats["won"] == 2 and "cannot be written" not in again.message.get("text", "")
    assert leftovers(folder) == []


def test_a_directory_in_place_of_the_file_is_said_once_and_the_counts_kept_in_memory(data_dir):
    (data_dir / "stats.json").mkdir()
    unwritable_is_said_once_and_counted_in_memory(data_dir)
    assert (data_dir / "stats.json").is_dir() and not list((data_dir / "stats.json").iterdir())


def chattr(flag: str, path: Path) -> bool:
    return shutil.which("chattr") is not None and subprocess.run(
        ["chattr", flag, str(path)], capture_output=True).returncode == 0


def test_a_read_only_folder_is_said_once_and_the_counts_kept_in_memory(data_dir, monkeypatch):
    folder = data_dir / "read-only"
    folder.mkdir()
    monkeypatch.setenv("WISPWIDGET_DATA_DIR", str(folder))
    if os.geteuid() != 0:
        folder.chmod(0o500)
    elif not chattr("+i", folder):  # root writes into a 0o500 folder; an immutable one stops it too
        pytest.skip("running as root, and chattr +i is not available here")
    try:
        unwritable_is_said_once_and_counted_in_memory(folder)
        assert list(folder.iterdir()) == []
    finally:
        if os.geteuid() == 0:
            chattr("-i", folder)
        folder.chmod(0o700)


def test_an_immutable_file_is_said_once_and_the_counts_kept_in_memory(data_dir):
    store = StatsStore()
    store.played(KEY)
    if not chattr("+i", data_dir / "stats.json"):
        pytest.skip("chattr +i is not available here")
    try:
        assert store.won(KEY, 5.0)["won"] == 1 and store.played(KEY)["played"] == 2  # on from the file's count
        assert len(store.notices) == 1 and "cannot be written" in store.notices[0]
        assert strict(data_dir / "stats.json")["games"][KEY]["won"] == 0 and leftovers(data_dir) == []
    finally:
        chattr("-i", data_dir / "stats.json")


@pytest.mark.parametrize("field", ['"played": 1e400', '"played": "3"', '"played": true', '"best_seconds": 1e400',
                                   '"won": -1', '"won": 2.5', '"best_seconds": NaN', '"best_seconds": "fast"'])
def test_a_count_the_file_cannot_hold_is_broken_and_the_file_written_is_strict_json(data_dir, field):
    (data_dir / "stats.json").write_text(f'{{"games": {{"{KEY}": {{{field}}}}}}}')
    c = TableController(deal("micro-wisp", 1), seed=1, auto_verdict=False)
    assert "could not be read" in c.message["text"] and len(list(data_dir.glob("stats.json.broken-*"))) == 1
    play_and_win(c)
    assert "Something went wrong" not in c.message["text"] and c.stats["won"] == 1 and c.stats["played"] == 1
    written = strict(data_dir / "stats.json")
    assert written["games"][KEY]["played"] == 1 and "Infinity" not in (data_dir / "stats.json").read_text()


NOT_A_COUNT = (st.booleans() | st.floats(allow_nan=False) | st.integers(max_value=-1) | st.text(max_size=5)
               | st.none() | st.lists(st.integers(), max_size=2) | st.dictionaries(st.text(max_size=2), st.integers()))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(field=st.sampled_from(["played", "won", "current_streak", "best_streak"]), value=NOT_A_COUNT)
def test_any_record_that_is_no_whole_count_is_set_aside_and_never_written_back(field, value):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "stats.json"
        path.write_text(json.dumps({"games": {KEY: {field: value}, OTHER: {"played": 4}}}))
        store = StatsStore(path)
        entry = store.played(KEY)
        assert entry["played"] == 1 and len(store.notices) == 1 and "could not be read" in store.notices[0]
        assert strict(path) == {"games": {KEY: {**entry}}, "new_deals": {}}
        assert len(list(Path(folder).glob("stats.json.broken-*"))) == 1 and leftovers(Path(folder)) == []


@settings(max_examples=40, deadline=None)
@given(counts=st.fixed_dictionaries({}, optional={name: st.integers(0, 10**30) for name in
                                                   ("played", "won", "current_streak", "best_streak")}),
       best=st.none() | st.floats(0, 1e9))
def test_a_record_of_whole_counts_is_read_and_kept(counts, best):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "stats.json"
        path.write_text(json.dumps({"games": {KEY: {**counts, "best_seconds": best}}}))
        store = StatsStore(path)
        assert store.played(KEY)["played"] == counts.get("played", 0) + 1 and store.notices == []
        assert strict(path)["games"][KEY]["won"] == counts.get("won", 0)
