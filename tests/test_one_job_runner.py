"""One job runner (issue 64): the variant lab's study runs on ``widgets/jobs.py``, Stop cancels it at once, and
no module of the widgets or the studies starts a thread of its own."""

from __future__ import annotations

import ast
import importlib
import threading
import time
from pathlib import Path

from wispwidget.widgets.jobs import Job
from wispwidget.widgets.variant_lab import STUDY, VariantLabWidget, studying_lab

PACKAGE = Path(__file__).resolve().parent.parent / "wispwidget"
variant_lab = importlib.import_module("wispwidget.widgets.variant_lab")  # the module (the package's name is a function)


def test_the_lab_s_study_is_a_cancellable_job_of_its_runner():
    lab = VariantLabWidget("will-o-the-wisp", deals=200, max_positions=250_000)
    lab.study()
    job = lab.jobs.get(STUDY)
    assert isinstance(job, Job) and job.kind == STUDY and job.cancellable and not job.done
    assert lab.studying and studying_lab() is lab and [j.kind for j in lab.jobs.running()] == [STUDY]
    began = time.monotonic()
    lab._on_front_end_message(lab, {"type": "cancel"}, [])  # the view's Stop
    assert time.monotonic() - began < 1.0  # it returns at once: it sets the flag, waits for nothing
    assert job.cancelled and lab.jobs.get(STUDY) is None and not lab.studying
    assert lab.status == "Study stopped." and lab.progress["running"] is False
    assert job.wait(10)  # the C core saw the flag
    assert lab.jobs.threads_alive() == 0 and "variant" not in lab.results and lab.last_result is None


def test_a_study_s_result_is_applied_only_at_the_generation_it_was_started_for(monkeypatch):
    release = threading.Event()
    real = variant_lab.run_study

    def held(*args, **kwargs):  # the study waits until the rules have changed (else a fast one may finish first)
        release.wait(10)
        return real(*args, **kwargs)

    monkeypatch.setattr(variant_lab, "run_study", held)
    lab = VariantLabWidget("mini-wisp", deals=2, max_positions=2_000)
    lab.study()
    job = lab.jobs.get(STUDY)
    assert job is not None
    lab.set(movable="single-card")  # the rules change: that study is cancelled, its result would not apply
    assert job.cancelled and lab.jobs.get(STUDY) is None
    release.set()
    job.wait(10)
    assert lab.results == {} and lab.last_result is None
    monkeypatch.setattr(variant_lab, "run_study", real)
    assert lab.study(wait=True, timeout=60) is not None and set(lab.results) == {"base", "variant"}


def thread_starts(path: Path) -> list[int]:
    """The lines of ``path`` that make a ``threading.Thread`` (or a ``Thread``, however imported), or use the
    solver's ``Background`` (the lab's studies did, before issue 64)."""
    lines = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            if name in ("Thread", "Timer"):
                lines.append(node.lineno)
        elif isinstance(node, (ast.Name, ast.alias, ast.Attribute)):  # the solver's own thread class
            named = node.id if isinstance(node, ast.Name) else node.name if isinstance(node, ast.alias) else node.attr
            if named in ("Background", "BackgroundSolve"):
                lines.append(getattr(node, "lineno", 0))
    return lines


def test_only_the_job_runner_starts_threads_in_the_widgets_and_the_studies():
    found = {str(p.relative_to(PACKAGE)): thread_starts(p)
             for folder in ("widgets", "studies") for p in sorted((PACKAGE / folder).rglob("*.py"))}
    assert [name for name, lines in found.items() if lines] == ["widgets/jobs.py"]
