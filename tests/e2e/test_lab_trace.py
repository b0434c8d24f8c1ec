"""The search-trace widget's controls in a real JupyterLab, checked against the kernel's widget."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from .lab import chromium_path, lab_page

pytestmark = pytest.mark.skipif(chromium_path() is None, reason="Debian's chromium is not installed")

SETUP = """import wispwidget
from wispwidget.search.algorithms import breadth_first
from wispwidget.search.problem import SearchProblem
result = breadth_first(SearchProblem(wispwidget.deal("micro-wisp", 1).position()), record=True)
tw = wispwidget.SearchTraceWidget(result.trace)
tw"""


def until(kernel, expression, check, timeout=20.0):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = kernel.value(expression)
        if check(value):
            return value
        time.sleep(0.2)
    raise AssertionError(f"{expression} never satisfied the check (last {value!r})")


def steady(kernel, expression, pause=0.5, timeout=20.0):
    """The expression's value once two readings ``pause`` seconds apart agree."""
    deadline = time.time() + timeout
    value = kernel.value(expression)
    while time.time() < deadline:
        time.sleep(pause)
        again = kernel.value(expression)
        if again == value:
            return value
        value = again
    raise AssertionError(f"{expression} kept changing (last {value!r})")


def test_trace_controls_drive_the_step(tmp_path):
    with lab_page([SETUP], name="trace.ipynb", wait_for=".ww-trace") as (page, kernel, _lab):
        total = kernel.value("len(result.trace)")

        def button(name):
            return page.locator(".ww-trace").get_by_role("button", name=name, exact=True)

        button("Step forward").click()
        button("Step forward").click()
        until(kernel, "tw.step", lambda v: v == 2)
        button("Step back").click()
        until(kernel, "tw.step", lambda v: v == 1)
        button("End").click()
        until(kernel, "tw.step", lambda v: v == total)
        assert "goal reached" in page.locator(".ww-trace .ww-counters").inner_text()
        assert page.locator(".ww-tree .ww-solution").count() > 0
        button("Start").click()
        until(kernel, "tw.step", lambda v: v == 0)
        button("Play").click()
        until(kernel, "tw.step", lambda v: v >= 3)
        button("Pause").click()
        expect(button("Play")).to_be_visible()  # the view has stopped its timer
        paused = steady(kernel, "tw.step")  # a step sent just before the pause may still be on its way
        time.sleep(1.0)
        assert kernel.value("tw.step") == paused
        page.locator(".ww-scrubber").fill(str(total // 2))
        until(kernel, "tw.step", lambda v: v == total // 2)
        assert kernel.value("tw.state().current") >= 0
