"""Hostile or careless input to the command line: one plain line, a documented exit status, no lost results."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import wispwidget as ww
from wispwidget import FormatError, deal
from wispwidget.cli import main
from wispwidget.io.formats import read_position, write_position
from wispwidget.limits import MAX_DEALS, MAX_POSITIONS, LimitError, parse_deal_range
from wispwidget.search.solver import UnknownEngineError
from wispwidget.studies import study as study_module

ROOT = Path(__file__).resolve().parent.parent


def run(capsys, *argv):
    status = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return status, out, err


def one_line(err: str) -> bool:
    return err.count("\n") == 1 and err.startswith("wispwidget: ") and "Traceback" not in err and len(err) < 420


def proc(*argv, stdin=None, timeout=60, **kwargs):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "wispwidget", *map(str, argv)], capture_output=True,
                          stdin=stdin, timeout=timeout, env=env, **kwargs)


@pytest.fixture
def position_file(tmp_path):
    path = tmp_path / "p.json"
    path.write_text(write_position(deal("mini-wisp", 2).position()))
    return path


def test_solve_will_not_write_its_solution_over_its_own_position(capsys, position_file):
    before = position_file.read_text()
    status, out, err = run(capsys, "solve", position_file, "--solution", position_file)
    assert status == 2 and out == "" and one_line(err) and "overwrite the position" in err
    assert position_file.read_text() == before


def test_a_file_of_another_of_our_formats_is_named_as_such(capsys, position_file, tmp_path):
    status, _out, err = run(capsys, "check", position_file)
    assert status == 2 and one_line(err) and "this is a 'wisp-position/1' document, not a wisp-solution/1" in err
    solution = tmp_path / "won.json"
    assert run(capsys, "solve", position_file, "--solution", solution)[0] == 0
    status, _out, err = run(capsys, "solve", solution)
    assert status == 2 and one_line(err) and "this is a 'wisp-solution/1' document, not a wisp-position/1" in err


# -- numbers ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("args", "pattern"), [
    (["--max-positions", str(2**63)], "at most 50,000,000"),
    (["--max-positions", str(2**64 + 500_000)], "at most 50,000,000"),
    (["--max-positions", "0"], "at least 1"),
    (["--max-positions", "-1"], "at least 1"),
    (["--max-positions", "9" * 5000], "at most 1,000 digits"),
    (["--max-positions", "1" + "0" * 30], "at most 50,000,000"),  # a large number is told the real limit
    (["--max-positions", "1e6"], "whole number"),
    (["--time-limit", "0"], "more than 0"),
    (["--time-limit", "-1"], "more than 0"),
    (["--time-limit", "nan"], "more than 0"),
    (["--time-limit", "inf"], "more than 0"),
    (["--time-limit", "1" * 500], "must be a number"),
])
def test_solve_numbers_are_range_checked_not_wrapped(capsys, position_file, args, pattern):
    status, out, err = run(capsys, "solve", position_file, *args)
    assert status == 2 and out == "" and one_line(err) and pattern in err


@pytest.mark.parametrize(("argv", "pattern"), [
    (["perft", "{file}", "--depth", str(10**22)], "from 0 to 64"),
    (["perft", "{file}", "--depth", "-1"], "from 0 to 64"),
    (["study", "mini-wisp", "--deals", "1-1000000000000"], "at most 10,000,000"),
    (["study", "mini-wisp", "--deals", f"1-{2**64}"], "deal numbers go from 0"),
    (["study", "mini-wisp", "--deals", "-5"], "A-B"),
    (["study", "mini-wisp", "--deals", "-5-3"], "A-B"),  # was argparse's "expected one argument"
    (["study", "mini-wisp", "--deals", "1-3", "--workers", "0"], "from 1 to 256"),
    (["study", "mini-wisp", "--deals", "1-3", "--workers", str(10**20)], "from 1 to 256"),
    (["study", "mini-wisp", "--deals", "1-3", "--max-positions", str(2**64 + 500_000)], "at most 50,000,000"),
    (["study", "mini-wisp", "--deals", "1-3", "--time-limit", "nan"], "more than 0"),
    (["deal", "will-o-the-wisp", "--seed", str(2**64)], "deal number"),
    (["deal", "will-o-the-wisp", "--daily", "20200101"], "not a date"),
    (["deal", "will-o-the-wisp", "--daily", "2020-W01-1"], "not a date"),
    (["deal", "will-o-the-wisp", "--daily", "2020-02-30"], "not a date"),
    (["deal", "will-o-the-wisp", "--variant", ""], "empty name is not a variant"),
    (["study", "mini-wisp", "--variant", "", "--deals", "1-2"], "empty name is not a variant"),
])
def test_every_number_and_name_is_checked_once(capsys, position_file, argv, pattern):
    argv = [a.replace("{file}", str(position_file)) for a in argv]
    status, _out, err = run(capsys, *argv)
    assert status == 2 and one_line(err) and pattern in err, err


def test_the_daily_deal_still_takes_an_iso_date_and_today(capsys):
    assert run(capsys, "deal", "mini-wisp", "--daily", "2024-03-01", "--compact")[0] == 0
    assert run(capsys, "deal", "mini-wisp", "--daily", "today", "--compact")[0] == 0


def test_library_solve_refuses_what_the_command_line_refuses():
    start = deal("mini-wisp", 2).position()
    for budget in (0, -1, 2**63, 2**64 + 500_000, MAX_POSITIONS + 1, 1.5, "100", True):
        with pytest.raises(LimitError):
            ww.solve(start, max_positions=budget)
    for seconds in (0, -1, float("nan"), float("inf"), "1"):
        with pytest.raises(LimitError):
            ww.solve(start, time_limit=seconds)
    with pytest.raises(UnknownEngineError, match="auto, native, python"):
        ww.solve(start, engine="bogus")
    assert ww.solve(start, max_positions=MAX_POSITIONS, time_limit=30).result in ("won", "lost")


def test_a_study_job_with_a_wrapping_budget_is_refused():
    job = study_module.StudyJob("mini-wisp", "standard", 1, 2**64 + 500_000)
    with pytest.raises(LimitError):
        study_module.run_job(job)


def test_deal_ranges_are_lazy_and_capped():
    deals = parse_deal_range(f"1-{MAX_DEALS}")
    assert isinstance(deals, range) and len(deals) == MAX_DEALS
    with pytest.raises(LimitError):
        parse_deal_range(f"0-{MAX_DEALS}")


def _interruptible(argv: list[str]) -> subprocess.Popen:
    """The command line started as a terminal would start it, whatever this test run inherited: Ctrl-C (SIGINT)
    at its default, so Python turns it into KeyboardInterrupt (a shell's background job, `pytest ... &`, starts
    with SIGINT ignored, and a child would then never stop)."""
    return subprocess.Popen(argv, env=dict(os.environ, PYTHONPATH=str(ROOT)), stderr=subprocess.PIPE,
                            start_new_session=True, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def _stop(child: subprocess.Popen) -> None:
    """Kill what is left of a child the test gave up on: a failed test leaves nothing running."""
    if child.poll() is None:
        os.killpg(child.pid, signal.SIGKILL)
        child.wait()


def test_a_big_study_starts_at_once(tmp_path):
    started = time.monotonic()
    out = tmp_path / "big.jsonl"
    child = _interruptible([sys.executable, "-m", "wispwidget", "study", "mini-wisp", "--deals",
                            f"1-{MAX_DEALS}", "--output", str(out), "--quiet", "--max-positions", "1000"])
    partial = Path(str(out) + ".partial")
    try:
        while time.monotonic() - started < 20 and (not partial.exists() or partial.stat().st_size == 0):
            time.sleep(0.1)
        assert partial.exists() and partial.stat().st_size > 0, "no deal was finished within 20 s"
        child.send_signal(signal.SIGINT)
        _, err = child.communicate(timeout=30)
    finally:
        _stop(child)
    assert child.returncode == 130, err
    assert err.decode().strip().endswith("(rerun with --resume to go on)") and err.count(b"\n") == 1


# -- formats -------------------------------------------------------------------------------------


def test_json_integers_too_long_for_python_are_located_format_errors():
    doc = write_position(deal("mini-wisp", 1).position())
    hostile = doc.replace('"stock": [', '"stock": [' + "7" * 5000 + ", ", 1)
    with pytest.raises(FormatError, match=r"5,000 digits at line \d+ column \d+"):
        read_position(hostile)
    with pytest.raises(FormatError, match="too large to be finite"):
        read_position(doc.replace('"stock": [', '"stock": [1e999, ', 1))


@pytest.mark.parametrize("command", ["show", "check", "solve"])
def test_huge_integers_in_files_are_one_line(capsys, tmp_path, command):
    path = tmp_path / "big.json"
    path.write_text('{"format": ' + "1" * 5000 + "}")
    status, _out, err = run(capsys, command, path)
    assert status == 2 and one_line(err) and "5,000 digits" in err


# -- the command line's own failures ------------------------------------------------------------


@pytest.mark.parametrize("command", ["show", "check"])
def test_dev_zero_is_refused_after_a_bounded_read(command):
    result = proc(command, "/dev/zero", timeout=60)
    err = result.stderr.decode()
    assert result.returncode == 2 and one_line(err) and "larger than 64 MiB" in err


def test_standard_input_closed():
    result = subprocess.run(f"{sys.executable} -m wispwidget show - <&-", shell=True, capture_output=True,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=60)
    assert result.returncode == 2 and one_line(result.stderr.decode()) and b"standard input is closed" in result.stderr


def test_standard_output_closed_or_full():
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    for redirect in ("> /dev/full", ">&-"):
        result = subprocess.run(f"{sys.executable} -m wispwidget deal mini-wisp {redirect}", shell=True,
                                capture_output=False, stderr=subprocess.PIPE, env=env, timeout=60)
        err = result.stderr.decode()
        assert result.returncode == 3 and one_line(err) and "cannot write the output" in err, (redirect, err)


def test_check_error_line_has_the_prefix_and_the_path_once(capsys, tmp_path):
    path = tmp_path / "nothing-here.json"
    status, out, err = run(capsys, "check", path)
    assert status == 2 and one_line(err) and err.count(str(path)) == 1
    assert json.loads(out)["error"]["reason"] == "cannot read: No such file or directory"
    path.write_text("{not json")
    status, out, err = run(capsys, "check", path)
    assert status == 2 and one_line(err) and err.count(str(path)) == 1 and "not valid JSON" in err


def test_error_lines_never_echo_the_input_in_full(capsys, tmp_path):
    huge = "x" * 50_000
    for argv in (["deal", "will-o-the-wisp", "--variant", huge], ["deal", huge], ["show", huge],
                 ["deal", "mini-wisp", "--daily", huge], ["study", "mini-wisp", "--deals", huge],
                 ["solve", huge, "--time-limit", huge]):
        status, _out, err = run(capsys, *argv)
        assert status == 2 and one_line(err) and len(err) < 420, argv
    doc = json.loads(write_position(deal("mini-wisp", 1).position()))
    doc["variant"] = huge
    path = tmp_path / "v.json"
    path.write_text(json.dumps(doc))
    status, _out, err = run(capsys, "show", path)
    assert status == 2 and one_line(err) and len(err) < 420


@pytest.mark.parametrize(("extra", "pattern"), [
    (["--executor", "dask"], "needs --scheduler"),
    (["--output", "/no/such/folder/out.jsonl"], "does not exist"),
    (["--output", "{tmp}"], "is a folder"),
    (["--summary-json", "/no/such/folder/s.json"], "does not exist"),
    (["--output", "{tmp}/same.json", "--summary-json", "{tmp}/same.json"], "name the same file"),
    # each was taken: the summary, written through res.jsonl.partial, replaced the results (exit status 0)
    (["--output", "{tmp}/res.jsonl.partial", "--summary-json", "{tmp}/res.jsonl"], "name the same file"),
    (["--output", "{tmp}/q.jsonl", "--summary-json", "{tmp}/q.jsonl.partial"], "name the same file"),
    # each was found out only after every deal had run: a name too long once ".partial" is added, a folder in the
    # way of the partial file
    (["--summary-json", "{tmp}/" + "s" * 250 + ".json"], "File name too long"),
    (["--output", "{tmp}/" + "o" * 250 + ".json"], "File name too long"),
    (["--summary-json", "{tmp}/blocked.json"], "a folder {tmp}/blocked.json.partial is in the way"),
    (["--resume"], "--resume needs --output"),
])
def test_study_refuses_bad_outputs_before_any_work(capsys, tmp_path, extra, pattern):
    extra = [e.replace("{tmp}", str(tmp_path)) for e in extra]
    (tmp_path / "blocked.json.partial").mkdir()
    status, out, err = run(capsys, "study", "mini-wisp", "--deals", "1-3", "--quiet", *extra)
    assert status == 2 and out == "" and one_line(err) and pattern.replace("{tmp}", str(tmp_path)) in err, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["blocked.json.partial"]  # nothing written


@pytest.mark.parametrize("name", ["x" * 250 + ".json", "blocked.json"])
def test_solve_refuses_a_solution_it_cannot_write_before_it_solves(capsys, monkeypatch, tmp_path, position_file,
                                                                    name):
    """``--solution`` with a name too long once ".partial" is added, or a folder in the way of the partial file,
    was found out after the whole solve, which had printed its result: exit 2, "cannot write X.partial"."""
    from wispwidget.search import solver

    (tmp_path / "blocked.json.partial").mkdir()
    monkeypatch.setattr(solver, "solve", lambda *a, **k: pytest.fail("solved before the output was checked"))
    status, out, err = run(capsys, "solve", position_file, "--solution", tmp_path / name)
    assert status == 2 and out == "" and one_line(err) and "--solution: cannot write " in err, err
    assert name[-30:] in err and ".partial:" not in err, err  # the name given (cut if long), not the partial file's


def test_a_summary_is_not_written_over_a_file_that_is_not_one(capsys, tmp_path):
    """``--summary-json notes.txt`` replaced the notes, where ``--output`` refuses a file that is not a study's;
    an earlier summary is replaced, as a summary should be."""
    notes = tmp_path / "notes.txt"
    notes.write_text("lecture notes\n")
    status, out, err = run(capsys, "study", "mini-wisp", "--deals", "1-2", "--quiet", "--summary-json", notes)
    assert status == 2 and out == "" and one_line(err) and "is not a study's summary" in err, err
    assert notes.read_text() == "lecture notes\n"
    summary = tmp_path / "summary.json"
    for _ in range(2):
        assert run(capsys, "study", "mini-wisp", "--deals", "1-2", "--quiet", "--summary-json", summary)[0] == 0
    assert json.loads(summary.read_text())["deals"] == 2


def test_study_output_to_a_full_device_is_one_line_exit_3():
    result = proc("study", "mini-wisp", "--deals", "1-3", "--output", "/dev/full", "--quiet")
    err = result.stderr.decode()
    assert result.returncode == 3 and one_line(err) and "No space left" in err


def test_an_unreachable_scheduler_fails_fast(capsys):
    distributed = pytest.importorskip("distributed")
    assert distributed
    started = time.monotonic()
    status, _out, err = run(capsys, "study", "mini-wisp", "--deals", "1-3", "--quiet", "--executor", "dask",
                            "--scheduler", "tcp://127.0.0.1:9")
    assert status == 4 and one_line(err) and "cannot reach the Dask scheduler" in err
    assert time.monotonic() - started < 20


def test_an_out_of_memory_solve_is_a_plain_sentence(capsys, monkeypatch, position_file):
    from wispwidget.search import solver

    def fail(*_args, **_kwargs):
        raise solver.SolverDefect("the C solver core failed (out of memory or an unreadable position)")

    monkeypatch.setattr(solver, "solve", fail)
    status, out, err = run(capsys, "solve", position_file)
    assert status == 4 and out == "" and one_line(err) and "smaller --max-positions" in err


# -- lost results -------------------------------------------------------------------------------


def _records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_a_failed_study_keeps_the_old_file_and_the_finished_deals(capsys, monkeypatch, tmp_path):
    out = tmp_path / "lines.jsonl"
    assert run(capsys, "study", "micro-wisp", "--deals", "1-2", "--output", out, "--quiet")[0] == 0
    last_week = out.read_text()  # another study's results: a run may replace them, a failed run must not
    real = study_module.run_job

    def flaky(job):
        if job.seed == 6:
            raise MemoryError
        return real(job)

    monkeypatch.setattr(study_module, "run_job", flaky)
    status, _out, err = run(capsys, "study", "mini-wisp", "--deals", "1-10", "--output", out, "--quiet")
    assert status == 4 and one_line(err) and "--resume" in err
    assert out.read_text() == last_week
    partial = Path(str(out) + ".partial")
    assert [r["seed"] for r in _records(partial)] == [1, 2, 3, 4, 5]
    # a cut-off last line is skipped, the rest kept; only the missing deals are run
    partial.write_text(partial.read_text() + '{"game": "mini-wi')
    monkeypatch.setattr(study_module, "run_job", real)
    ran: list[int] = []
    monkeypatch.setattr(study_module, "run_job", lambda job: ran.append(job.seed) or real(job))
    # FILE is another study (last week's): resuming into it would mix them, so it is refused, both kept
    status, _out, err = run(capsys, "study", "mini-wisp", "--deals", "1-10", "--output", out, "--quiet", "--resume")
    assert status == 2 and one_line(err) and "line 1" in err and "micro-wisp" in err and ran == []
    assert out.read_text() == last_week and partial.read_text().endswith('{"game": "mini-wi')
    out.unlink()  # last week's results moved elsewhere: the study goes on from its .partial
    status, _out, err = run(capsys, "study", "mini-wisp", "--deals", "1-10", "--output", out, "--quiet", "--resume")
    assert status == 0 and ran == [6, 7, 8, 9, 10]
    assert [r["seed"] for r in _records(out)] == list(range(1, 11)) and not partial.exists()
    assert "10 deals:" in err


def test_resume_refuses_a_file_of_another_study(capsys, tmp_path):
    out = tmp_path / "lines.jsonl"
    assert run(capsys, "study", "mini-wisp", "--deals", "1-3", "--output", out, "--quiet")[0] == 0
    status, _out, err = run(capsys, "study", "black-widow", "--deals", "1-3", "--output", out, "--quiet",
                            "--resume")
    assert status == 2 and one_line(err) and "mini-wisp" in err
    assert len(_records(out)) == 3


def test_resume_refuses_a_file_that_is_not_a_study_and_a_changed_budget(capsys, tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("My lecture notes\nweek 3: Spider\n")
    status, _out, err = run(capsys, "study", "mini-wisp", "--deals", "1-2", "--output", notes, "--quiet", "--resume")
    assert status == 2 and one_line(err) and "not a study" in err
    assert notes.read_text() == "My lecture notes\nweek 3: Spider\n"  # not replaced
    out = tmp_path / "lines.jsonl"
    assert run(capsys, "study", "mini-wisp", "--deals", "1-3", "--max-positions", "1000", "--output", out,
               "--quiet")[0] == 0
    assert {r["max_positions"] for r in _records(out)} == {1000}  # each line says its budget
    before = out.read_text()
    status, _out, err = run(capsys, "study", "mini-wisp", "--deals", "1-5", "--max-positions", "5000", "--output",
                            out, "--quiet", "--resume")
    assert status == 2 and one_line(err) and "1,000 positions, not 5,000" in err and "--max-positions 1000" in err
    assert out.read_text() == before
    status, _out, _err = run(capsys, "study", "mini-wisp", "--deals", "1-5", "--max-positions", "1000", "--output",
                             out, "--quiet", "--resume")
    assert status == 0 and [r["seed"] for r in _records(out)] == [1, 2, 3, 4, 5]


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_keeps_the_finished_deals_and_resume_finishes(tmp_path, workers):
    out = tmp_path / "lines.jsonl"
    assert proc("study", "mini-wisp", "--deals", "1-2", "--output", out, "--quiet", timeout=60).returncode == 0
    precious = out.read_text()  # an earlier study's results: a run may replace them, a failed run must not
    partial = Path(str(out) + ".partial")
    argv = [sys.executable, "-m", "wispwidget", "study", "black-widow", "--deals", "1-400", "--output",
            str(out), "--quiet", "--max-positions", "200000", "--workers", str(workers)]
    child = _interruptible(argv)
    started = time.monotonic()
    try:
        while time.monotonic() - started < 60 and (not partial.exists() or partial.read_text().count("\n") < 3):
            time.sleep(0.1)
        os.killpg(child.pid, signal.SIGINT)  # as Ctrl-C in a terminal: the whole process group
        _, err = child.communicate(timeout=60)
    finally:
        _stop(child)
    assert child.returncode == 130 and err.count(b"\n") == 1 and b"--resume" in err, err
    assert out.read_text() == precious
    done = [r["seed"] for r in _records(partial)]
    assert done[:3] == [1, 2, 3]
    resume = ("study", "black-widow", "--deals", f"1-{done[-1] + 2}", "--output", out, "--quiet", "--resume",
              "--max-positions", "200000", "--workers", workers)
    refused = proc(*resume, timeout=120)  # FILE is another study: going on would replace it
    assert refused.returncode == 2 and out.read_text() == precious, refused.stderr
    out.unlink()
    result = proc(*resume, timeout=120)
    assert result.returncode == 0, result.stderr
    assert [r["seed"] for r in _records(out)] == list(range(1, done[-1] + 3))


def test_a_study_without_resume_will_not_replace_a_file_that_is_not_a_study(capsys, tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("my lecture notes\n")
    status, _out, err = run(capsys, "study", "mini-wisp", "--deals", "1-3", "--output", notes, "--quiet")
    assert status == 2 and one_line(err) and "not a study's results" in err and "choose another --output" in err
    assert notes.read_text() == "my lecture notes\n" and not Path(str(notes) + ".partial").exists()
    out = tmp_path / "lines.jsonl"
    for deals in ("1-3", "1-4"):  # an earlier study's results are replaced by a new run, as asked
        assert run(capsys, "study", "mini-wisp", "--deals", deals, "--output", out, "--quiet")[0] == 0
    assert [r["seed"] for r in _records(out)] == [1, 2, 3, 4]


def test_a_study_stopped_before_any_deal_finished_leaves_no_file(capsys, monkeypatch, tmp_path):
    out = tmp_path / "lines.jsonl"

    def interrupted(job):
        raise KeyboardInterrupt

    monkeypatch.setattr(study_module, "run_job", interrupted)
    status, _out, err = run(capsys, "study", "mini-wisp", "--deals", "1-5", "--output", out, "--quiet")
    assert status == 130 and one_line(err) and "interrupted" in err
    assert not out.exists() and not Path(str(out) + ".partial").exists()


def test_study_lines_are_written_as_they_finish(capsys, monkeypatch, tmp_path):
    out = tmp_path / "lines.jsonl"
    partial = Path(str(out) + ".partial")
    real = study_module.run_job
    seen: list[int] = []

    def watching(job):
        seen.append(len(partial.read_text().splitlines()))
        return real(job)

    monkeypatch.setattr(study_module, "run_job", watching)
    assert run(capsys, "study", "mini-wisp", "--deals", "1-5", "--output", out, "--quiet")[0] == 0
    assert seen == [0, 1, 2, 3, 4]


# -- player studies in player words ---------------------------------------------------------------


@pytest.mark.parametrize("player", ["heuristic", "no-peek"])
def test_player_studies_speak_of_games_won(capsys, tmp_path, player):
    out, summary = tmp_path / "lines.jsonl", tmp_path / "summary.json"
    budget = ["--max-positions", "2000"] if player == "no-peek" else []  # the heuristic player searches nothing
    status, _out, err = run(capsys, "study", "mini-wisp", "--deals", "1-12", "--player", player, "--quiet",
                            "--output", out, "--summary-json", summary, *budget)
    assert status == 0
    lines = _records(out)
    assert all("positions" not in r and r["player"] == player and r["result"] in ("won", "not won") for r in lines)
    data = json.loads(summary.read_text())
    won = sum(r["result"] == "won" for r in lines)
    assert data["won"] == won and data["not_won"] == 12 - won and data["deals"] == 12
    assert any(r["result"] == "not won" for r in lines)  # not "lost": a player's game proves nothing of the deal
    assert data["won_low"] <= data["won_share"] <= data["won_high"]
    assert not {"positions", "settled_share", "median_positions", "unknown", "lost"} & set(data)
    assert f"won {won} of 12 (" in err and "95% CI" in err and "median" in err and "moves" in err
    summary_lines = [line for line in err.splitlines() if not line.startswith("note: ")]
    assert "positions" not in "\n".join(summary_lines) and "settled" not in err


@pytest.mark.parametrize(("argv", "words"), [
    (["--player", "no-peek", "--time-limit", "0.01"], "--time-limit bounds the solver's time on a deal"),
    (["--player", "hindsight", "--time-limit", "5"], "a player plays each game to its end"),
    (["--player", "heuristic", "--max-positions", "1000"], "the heuristic player searches nothing"),
    (["--reproducible"], "--reproducible is for --player no-peek; the solver gives the same results"),
    (["--player", "heuristic", "--reproducible"], "the heuristic player plays the same games on every run"),
])
def test_a_players_study_refuses_the_options_it_would_ignore(capsys, tmp_path, argv, words):
    """A teacher passed --time-limit 0.01 to a no-peek study and nothing changed: an option a run would ignore is
    refused in words, before any work, and no file is written."""
    out = tmp_path / "lines.jsonl"
    status, printed, err = run(capsys, "study", "mini-wisp", "--deals", "1-3", "--quiet", "--output", out, *argv)
    assert status == 2 and printed == "" and err.count("\n") == 1 and words in err, err
    assert not out.exists() and not (tmp_path / "lines.jsonl.partial").exists()


def test_a_reproducible_no_peek_study_plays_the_same_games_and_is_not_mixed_with_a_timed_one(capsys, tmp_path):
    out = tmp_path / "lines.jsonl"
    argv = ["study", "will-o-the-wisp", "--deals", "1-4", "--player", "no-peek", "--quiet", "--output", out]
    assert run(capsys, *argv, "--reproducible")[0] == 0
    first = _records(out)
    assert [r["decision_seconds"] for r in first] == [None] * 4
    out.unlink()
    assert run(capsys, *argv, "--reproducible", "--workers", "2")[0] == 0
    assert [(r["seed"], r["moves"], r["result"]) for r in _records(out)] == \
        [(r["seed"], r["moves"], r["result"]) for r in first]
    status, _printed, err = run(capsys, *argv, "--resume", "--deals", "1-6")  # timed: not mixed in
    assert status == 2 and "was played with no time limit (--reproducible)" in err, err
    assert len(_records(out)) == 4


def test_a_solvers_and_a_players_summaries_name_their_game_and_share_won(capsys, tmp_path):
    """A teacher's slide set the solver's share beside the player's: both summaries say which game, and won_share."""
    shares = {}
    for player in ("thoughtful", "heuristic"):
        summary = tmp_path / f"{player}.json"
        status, _out, err = run(capsys, "study", "micro-wisp", "--deals", "1-4", "--player", player, "--quiet",
                                "--summary-json", summary)
        data = json.loads(summary.read_text())
        assert status == 0 and data["game"] == "micro-wisp/standard" and data["deals"] == 4
        shares[player] = data["won_share"]
        assert f"({100 * data['won_share']:.1f}%" in err
        assert ("the solver, seeing every card (thoughtful), won" in err) == (player == "thoughtful")
    assert shares["thoughtful"] >= shares["heuristic"]


def test_a_file_name_cannot_colour_the_terminal_or_turn_the_line_around(capsys, tmp_path):
    """``wispwidget show $'evil\\x1b[31mred.json'`` printed the ESC byte (and a BEL rang): names are escaped."""
    for name, shown in (("evil\x1b[31mred.json", "evil\\x1b[31mred.json"), ("a\x07b.json", "a\\x07b.json"),
                        ("x\u202ey.json", "x\\u202ey.json")):
        status, out, err = run(capsys, "show", tmp_path / name)
        assert status == 2 and out == "" and one_line(err) and shown in err, err
        assert not any(ch in err for ch in "\x1b\x07\u202e"), err
