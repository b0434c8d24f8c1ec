"""``study --resume`` keeps only lines a study writes, of the study being resumed: a bad line is refused in one
sentence naming it, before any work, with FILE and FILE.partial left as they were (docs/cli.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from wispwidget.studies import study as study_module

from .test_hostile_cli import one_line, run

DEEP = "[" * 100_000 + "]" * 100_000


@pytest.fixture
def finished(capsys, monkeypatch, tmp_path) -> Path:
    """An earlier study's results, deals 1 to 4 of Mini Wisp (named as the messages name it: not cut short)."""
    monkeypatch.chdir(tmp_path)
    out = Path("lines.jsonl")
    assert run(capsys, "study", "mini-wisp", "--deals", "1-4", "--output", out, "--quiet")[0] == 0
    return out


@pytest.fixture
def ran(monkeypatch) -> list[int]:
    """The deals the study runs."""
    seeds: list[int] = []
    real = study_module.run_job
    monkeypatch.setattr(study_module, "run_job", lambda job: seeds.append(job.seed) or real(job))
    return seeds


def changed(line: str, **fields) -> str:
    record = json.loads(line)
    record.update(fields)
    return json.dumps(record)  # NaN and Infinity as Python writes them


def snapshot(out: Path) -> dict[str, bytes | None]:
    """FILE and FILE.partial as they are (None: no such file)."""
    paths = (out, Path(f"{out}.partial"))
    return {str(path): path.read_bytes() if path.exists() else None for path in paths}


def resume(capsys, out: Path, deals: str = "1-6"):
    return run(capsys, "study", "mini-wisp", "--deals", deals, "--output", out, "--quiet", "--resume")


@pytest.mark.parametrize("fields", [
    {"seconds": float("nan")},  # was kept: the summary said "nan positions/s" and its JSON held NaN
    {"seconds": float("inf")},
    {"seconds": -1},
    {"positions": -5},
    {"moves": -1},
    {"positions": 2**64},  # past the summary's 64-bit counts
    {"peak_rss_bytes": "a lot"},  # was kept, and the summary then failed on it
])
@pytest.mark.parametrize("where", ["FILE", "FILE.partial"])
def test_a_line_with_a_number_out_of_range_is_refused_and_both_files_kept(capsys, finished, ran, fields, where):
    lines = finished.read_text().splitlines()
    lines[1] = changed(lines[1], **fields)
    target = finished if where == "FILE" else Path(f"{finished}.partial")
    target.write_text("\n".join(lines) + "\n")
    before = snapshot(finished)
    status, _out, err = resume(capsys, finished)
    assert status == 2 and one_line(err) and f"line 2 of {target}" in err and "not a study's line" in err, err
    assert ran == [] and snapshot(finished) == before


@pytest.mark.parametrize(("fields", "why"), [
    # each was kept: "p90 1,000,000,000; 166,666,725,500 positions/s", a 240-digit seconds, a comment copied on
    ({"positions": 1_000_000_000, "max_positions": 250_000}, "it searched 1,000,000,000 positions, more than its "
                                                             "max_positions, 250,000"),
    ({"seconds": 1e300}, "its seconds 1e+300 is out of range"),
    ({"comment": "mine"}, "it has a field 'comment' that study lines do not have"),
    ({"result": "won", "moves": 0}, "it says won in no move"),
    ({"result": "lost", "moves": 12}, "it says lost with a winning line of 12 moves"),
])
def test_a_line_no_run_writes_is_refused_saying_what_is_wrong(capsys, finished, ran, fields, why):
    lines = finished.read_text().splitlines()
    lines[1] = changed(lines[1], **fields)
    finished.write_text("\n".join(lines) + "\n")
    before = snapshot(finished)
    status, _out, err = resume(capsys, finished)
    assert status == 2 and one_line(err) and f"line 2 of {finished} is not a study's line ({why})" in err, err
    assert ran == [] and snapshot(finished) == before


@pytest.mark.parametrize("resumed", [True, False])
def test_a_line_nested_too_deeply_is_refused_as_not_a_study(capsys, finished, ran, resumed):
    """``"[" * 100000 + "]" * 100000`` was "internal error (RecursionError ...)", exit status 4."""
    text = f"{DEEP}\n{finished.read_text()}"
    finished.write_text(text)
    status, _out, err = run(capsys, "study", "mini-wisp", "--deals", "1-6", "--output", finished, "--quiet",
                            *(["--resume"] if resumed else []))
    words = "line 1 of" if resumed else "is not a study's results"
    assert status == 2 and one_line(err) and words in err and "internal error" not in err, err
    assert ran == [] and finished.read_text() == text


def test_a_complete_last_line_that_is_not_a_study_line_is_refused(capsys, finished, ran):
    """Only a line cut off mid-write (no end of line) is skipped; a whole one with NaN in it is not one."""
    lines = finished.read_text().splitlines()
    lines[-1] = changed(lines[-1], seconds=float("nan"))
    finished.write_text("\n".join(lines) + "\n")
    status, _out, err = resume(capsys, finished)
    assert status == 2 and one_line(err) and "line 4 of" in err and ran == []


def test_a_deal_outside_deals_is_refused(capsys, finished, ran):
    """A line for deal 500 was kept: a 6-deal study wrote 7 lines, and its summary counted 6."""
    lines = finished.read_text().splitlines()
    finished.write_text("\n".join([*lines, changed(lines[0], seed=500)]) + "\n")
    before = snapshot(finished)
    status, _out, err = resume(capsys, finished)
    assert status == 2 and one_line(err) and "line 5 of" in err and "deal 500, not one of --deals 1-6" in err, err
    assert ran == [] and snapshot(finished) == before


@pytest.mark.parametrize("where", ["FILE", "FILE.partial"])
def test_two_lines_of_a_deal_must_agree_on_its_result(capsys, finished, ran, where):
    """A second line for a deal, with another result, was dropped silently (or kept instead of the first). Lines
    that agree are kept once: a resumed run writes its kept lines again, so FILE.partial repeats FILE's."""
    lines = finished.read_text().splitlines()
    first = json.loads(lines[2])
    flipped = "lost" if first["result"] == "won" else "won"
    other = changed(lines[2], result=flipped, moves=0 if flipped == "lost" else 40)  # (a won line has moves)
    target = finished if where == "FILE" else Path(f"{finished}.partial")
    before_target = target.read_text() if target.exists() else ""
    target.write_text(before_target + other + "\n")
    before = snapshot(finished)
    status, _out, err = resume(capsys, finished)
    assert status == 2 and one_line(err) and f"says deal {first['seed']} was" in err and "line 3 of" in err, err
    assert ran == [] and snapshot(finished) == before
    target.write_text(before_target + lines[2] + "\n")
    status, _out, err = resume(capsys, finished)
    assert status == 0 and ran == [5, 6] and "6 deals:" in err
    assert [json.loads(line)["seed"] for line in finished.read_text().splitlines()] == [1, 2, 3, 4, 5, 6]
