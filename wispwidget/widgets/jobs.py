"""Background work for the widgets: one bounded, cancellable job per kind, and no silent thread deaths.

The table's verdicts, Solve, its replay, Watch, hints, fair hints, winnable dealing and reviews, the variant
lab's studies and the trace view's "Search again" all run here (a runner per widget). Starting a
job cancels the running job of the same kind (a new hint replaces the last, so pressing H twenty times runs
one search, not twenty), ``cancel`` returns at once (it sets the search's cancel flag; it never waits for a
thread or takes a lock), and an exception in a job is handed to ``on_error`` instead of dying with its thread.
A job's result is handed to its ``done`` callback only if the job was not cancelled.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..search.solver import CancelToken

TICK = 0.5


@dataclass(eq=False)
class Job:
    """One piece of background work. ``work(job)`` runs on its own thread and checks ``job.cancelled``."""

    kind: str
    label: str
    cancellable: bool = True
    token: CancelToken = field(default_factory=CancelToken)
    started: float = field(default_factory=time.monotonic)
    positions: int | None = None
    result: Any = None
    error: BaseException | None = None
    finished: threading.Event = field(default_factory=threading.Event)
    stopped: threading.Event = field(default_factory=threading.Event)
    thread: threading.Thread | None = None

    def cancel(self) -> None:
        """Stop the job at its next check (the C search checks the token while it runs). The job is marked
        cancelled before its search is told, so whatever the search raises on stopping is never reported."""
        self.stopped.set()
        self.token.cancel()

    @property
    def cancelled(self) -> bool:
        """True once ``cancel()`` was called."""
        return self.stopped.is_set()

    @property
    def done(self) -> bool:
        """True once the job's thread has finished."""
        return self.finished.is_set()

    @property
    def seconds(self) -> float:
        """Seconds since the job started."""
        return time.monotonic() - self.started

    def sleep(self, seconds: float) -> bool:
        """Wait ``seconds`` unless cancelled first; True when cancelled."""
        return self.stopped.wait(max(0.0, seconds))

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the job's thread to finish; True if it did."""
        return self.finished.wait(timeout)


class JobRunner:
    """Runs at most one job of each kind; tells ``on_change`` when the set of running jobs changes or ticks."""

    def __init__(self, *, on_change: Callable[[], None] | None = None,
                 on_error: Callable[[Job, BaseException], None] | None = None, tick: float = TICK) -> None:
        self._on_change = on_change
        self._on_error = on_error
        self._tick = tick
        self._jobs: dict[str, Job] = {}
        self._all: list[Job] = []
        self._guard = threading.Lock()  # guards the job table only; never held while work or callbacks run
        self._ticker: threading.Thread | None = None

    def start(self, kind: str, label: str, work: Callable[[Job], Any],
              done: Callable[[Job, Any], None] | None = None, *, cancellable: bool = True) -> Job:
        """Cancel the running job of ``kind`` (without waiting) and start ``work`` on a new thread."""
        job = Job(kind, label, cancellable)
        with self._guard:
            old = self._jobs.get(kind)
            if old is not None:
                old.cancel()
            before = [j for j in self._all if j.kind == kind and not j.done]
            self._jobs[kind] = job
            self._all = [j for j in self._all if not j.done]
            self._all.append(job)
        job.thread = threading.Thread(target=self._run, args=(job, work, done, before), name=f"wisp-{kind}",
                                      daemon=True)
        job.thread.start()
        self._ensure_ticker()
        self._changed()
        return job

    def _run(self, job: Job, work: Callable[[Job], Any], done: Callable[[Job, Any], None] | None,
             before: list[Job]) -> None:
        try:
            # One search of a kind at a time: wait for the cancelled ones to notice (the C core checks often),
            # and give up at once if this job is itself replaced meanwhile.
            for old in before:
                while not old.finished.wait(0.01):
                    if job.cancelled:
                        return
            if job.cancelled:
                return
            job.result = work(job)
            if done is not None and not job.cancelled:
                done(job, job.result)
        except BaseException as exc:  # handed on, never lost with the thread
            job.error = exc
            if self._on_error is not None and not job.cancelled:
                with contextlib.suppress(Exception):  # the error reporter itself failed: nothing left to tell
                    self._on_error(job, exc)
        finally:
            with self._guard:
                if self._jobs.get(job.kind) is job:
                    del self._jobs[job.kind]
            job.finished.set()
            self._changed()

    def cancel(self, kind: str | None = None, *, keep: tuple[str, ...] = ()) -> list[Job]:
        """Cancel the job of ``kind`` (every job when None, except kinds in ``keep``); returns at once."""
        with self._guard:
            jobs = [j for k, j in self._jobs.items() if (kind is None and k not in keep) or k == kind]
            for job in jobs:
                del self._jobs[job.kind]
        for job in jobs:
            job.cancel()
        if jobs:
            self._changed()
        return jobs

    def get(self, kind: str) -> Job | None:
        """The running (not cancelled) job of ``kind``, if any."""
        with self._guard:
            return self._jobs.get(kind)

    def running(self) -> list[Job]:
        """The running jobs, oldest first."""
        with self._guard:
            return sorted(self._jobs.values(), key=lambda j: j.started)

    def threads_alive(self) -> int:
        """Threads still running, cancelled ones included (a cancelled search may take a moment to notice)."""
        with self._guard:
            return sum(1 for j in self._all if not j.done)

    def wait(self, timeout: float | None = None, *, kinds: tuple[str, ...] | None = None) -> bool:
        """Wait until no job (of ``kinds``) runs, including jobs that those jobs start; True if none is left."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            with self._guard:
                jobs = [j for j in self._jobs.values() if kinds is None or j.kind in kinds]
            if not jobs:
                return True
            for job in jobs:
                left = None if deadline is None else max(0.0, deadline - time.monotonic())
                if not job.wait(left):
                    return False

    def _changed(self) -> None:
        if self._on_change is not None:
            self._on_change()

    def _ensure_ticker(self) -> None:
        with self._guard:
            if self._ticker is not None and self._ticker.is_alive():
                return
            self._ticker = threading.Thread(target=self._tick_loop, name="wisp-ticker", daemon=True)
            self._ticker.start()

    def _tick_loop(self) -> None:
        while True:
            time.sleep(self._tick)
            with self._guard:
                if not self._jobs:
                    self._ticker = None
                    return
                for job in self._jobs.values():  # the searches' live counts (CancelToken.positions)
                    job.positions = job.token.positions or job.positions
            with contextlib.suppress(Exception):  # a failing redraw must not kill the ticker
                self._changed()
