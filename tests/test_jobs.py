"""The background-job runner: one job per kind, cancel at once, errors become reports."""

from __future__ import annotations

import threading
import time

from wispwidget import deal
from wispwidget.search.solver import solve
from wispwidget.widgets.jobs import JobRunner


def test_a_new_job_of_a_kind_cancels_the_last_and_only_the_last_reports():
    results = []
    runner = JobRunner()

    def work(job):
        job.sleep(5)
        return job.cancelled

    first = runner.start("hint", "h", work, lambda job, r: results.append(("first", r)))
    second = runner.start("hint", "h", lambda job: "done", lambda job, r: results.append(("second", r)))
    assert first.cancelled and not second.cancelled
    assert runner.wait(2) and first.wait(2)
    assert results == [("second", "done")]
    assert runner.running() == [] and runner.threads_alive() == 0


def test_jobs_of_other_kinds_run_side_by_side():
    runner = JobRunner()
    gate = threading.Event()
    a = runner.start("verdict", "v", lambda job: gate.wait(2))
    b = runner.start("hint", "h", lambda job: gate.wait(2))
    assert {j.kind for j in runner.running()} == {"verdict", "hint"}
    runner.cancel("hint")
    assert b.cancelled and not a.cancelled and [j.kind for j in runner.running()] == ["verdict"]
    gate.set()
    assert runner.wait(2)


def test_cancel_returns_at_once_and_stops_a_running_search():
    runner = JobRunner()
    position = deal("waning-moon", 3).position()  # not settled within seconds
    job = runner.start("solve", "s", lambda job: solve(position, 10_000_000, cancel=job.token))
    time.sleep(0.3)
    started = time.perf_counter()
    runner.cancel()
    assert time.perf_counter() - started < 0.05
    assert job.wait(2), "the search went on after cancel"
    assert job.result.cancelled and job.result.result == "unknown"


def test_an_exception_in_a_job_becomes_a_report_not_a_silent_death():
    reports = []
    escaped = []
    hook = threading.excepthook
    threading.excepthook = lambda args: escaped.append(args)
    try:
        runner = JobRunner(on_error=lambda job, exc: reports.append((job.kind, str(exc))))
        runner.start("review", "r", lambda job: 1 / 0)
        assert runner.wait(2)
    finally:
        threading.excepthook = hook
    assert reports == [("review", "division by zero")] and not escaped


def test_the_runner_says_when_jobs_change_and_ticks_while_they_run():
    changes = []
    runner = JobRunner(on_change=lambda: changes.append(time.monotonic()), tick=0.05)
    runner.start("solve", "s", lambda job: job.sleep(0.4))
    assert runner.wait(2)
    assert len(changes) >= 4  # started, several ticks, finished


def test_a_running_search_shows_how_many_positions_it_has_examined():
    ticks = []
    runner = JobRunner(on_change=lambda: ticks.append(1), tick=0.1)
    position = deal("waning-moon", 3).position()  # not settled within seconds
    job = runner.start("solve", "s", lambda job: solve(position, 10_000_000, cancel=job.token))
    time.sleep(1.0)
    seen = job.positions
    assert seen is not None and seen > 1_000, "the live count reached the job while the C search ran"
    time.sleep(0.5)
    assert job.positions > seen  # and it keeps growing
    runner.cancel()
    assert job.wait(2) and 0 < job.token.positions == job.result.positions
