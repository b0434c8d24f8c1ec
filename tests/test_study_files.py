"""A study file never loses a finished deal: ``--resume`` rewrites its kept lines through a synced new file and a
rename (never cutting ``FILE.partial`` short), the error line counts what is on disk, and a run without
``--resume`` does not go over an earlier run's finished deals unless told ``--fresh`` (docs/cli.md)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from wispwidget.studies.study import finished_seeds

from .test_cli_resume import finished, ran, snapshot  # noqa: F401 (fixtures)
from .test_hostile_cli import ROOT, one_line, run

sys.path.insert(0, str(ROOT))
from benchmarks.resume_kills import kill_cycles


def partial_of(out: Path) -> Path:
    return Path(f"{out}.partial")


def many_deals(template_line: str, count: int) -> str:
    """``count`` study lines, deals 1 to count, made from one real line renumbered."""
    record = json.loads(template_line)
    return "".join(json.dumps({**record, "seed": seed}) + "\n" for seed in range(1, count + 1))


def test_a_run_without_resume_refuses_to_go_over_finished_deals(capsys, finished, ran):  # noqa: F811
    """It silently discarded them (a partial file of 20,000 finished deals was replaced by a new run's)."""
    partial_of(finished).write_text(finished.read_text())
    before = snapshot(finished)
    status, _out, err = run(capsys, "study", "mini-wisp", "--deals", "1-6", "--output", finished, "--quiet")
    assert status == 2 and one_line(err), err
    assert err == ("wispwidget: 4 finished deals in lines.jsonl.partial: --resume to go on, --fresh to discard "
                   "them\n")
    assert ran == [] and snapshot(finished) == before


def test_fresh_discards_them_and_runs_every_deal(capsys, finished, ran):  # noqa: F811
    partial_of(finished).write_text(finished.read_text())
    status, _out, err = run(capsys, "study", "mini-wisp", "--deals", "1-6", "--output", finished, "--quiet",
                            "--fresh")
    assert status == 0, err
    assert ran == [1, 2, 3, 4, 5, 6] and not partial_of(finished).exists()
    assert [json.loads(line)["seed"] for line in finished.read_text().splitlines()] == [1, 2, 3, 4, 5, 6]


def test_a_partial_file_with_no_finished_deal_is_replaced_without_a_word(capsys, finished, ran):  # noqa: F811
    """Only a line cut off mid-write: nothing is lost by starting again."""
    partial_of(finished).write_text(finished.read_text().splitlines()[0][:30])
    status, _out, err = run(capsys, "study", "mini-wisp", "--deals", "1-2", "--output", finished, "--quiet")
    assert status == 0 and "finished deals in" not in err and ran == [1, 2]


@pytest.mark.parametrize("extra", [["--resume"], []])
def test_fresh_is_refused_with_resume_or_without_output(capsys, extra):
    argv = ["study", "mini-wisp", "--deals", "1-2", "--fresh", "--quiet", *extra]
    if extra:
        argv += ["--output", "x.jsonl"]
    status, _out, err = run(capsys, *argv)
    assert status == 2 and one_line(err) and "--fresh" in err, err


def test_a_resume_that_cannot_write_its_kept_lines_leaves_them_all_and_says_so(finished, tmp_path):  # noqa: F811
    """Under a file-size limit the rewrite cut FILE.partial short (22 of 100 kept deals deleted) and then said
    "the 100 finished deals are kept"; now the new file fails, FILE.partial is as it was, and the count is
    read from disk."""
    partial = partial_of(finished)
    partial.write_text(many_deals(finished.read_text().splitlines()[0], 100))
    finished.unlink()
    before = partial.read_bytes()
    limit = len(before) - 2_000  # the kept lines no longer fit in one file
    script = (f"import resource, sys; resource.setrlimit(resource.RLIMIT_FSIZE, ({limit}, {limit})); "
              "from wispwidget.cli import main; sys.exit(main(sys.argv[1:]))")
    done = subprocess.run([sys.executable, "-c", script, "study", "mini-wisp", "--deals", "1-120", "--output",
                           str(finished), "--resume", "--quiet"], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 3 and one_line(done.stderr), done.stderr
    assert "the 100 finished deals are kept in lines.jsonl.partial" in done.stderr, done.stderr
    assert partial.read_bytes() == before and not list(partial.parent.glob(f".{partial.name}.*.tmp"))


def test_kills_during_resume_lose_no_finished_deal(tmp_path):
    """SIGKILL around the rewrite of 3,000 kept lines (benchmarks/resume_kills.py runs 30 kills on 20,000): a kill
    in the window where FILE.partial was truncated lost every deal not yet written back."""
    figures = kill_cycles(kills=6, deals=3_000, seed=3, folder=tmp_path)
    assert figures["lost_at_worst"] == 0, figures


def test_finished_seeds_counts_only_whole_study_lines(tmp_path, finished):  # noqa: F811
    lines = finished.read_text().splitlines()
    path = tmp_path / "mixed.jsonl"
    path.write_text(f"{lines[0]}\nnot a study line\n{lines[1]}\n{lines[2][:40]}")
    assert finished_seeds([str(path), str(tmp_path / "missing")]) == {1, 2}
