"""The widget's trust boundary, from the hostile corpus (tests/hostile/widget.jsonl).

Only public ipywidgets entry points: ``_handle_custom_msg(content, buffers)`` for a front-end message and
``set_state`` for a front-end trait update. A malformed, stale or refused message gives an error message of
one sentence and leaves the table and its version as they were; a front-end update of a trait the kernel
owns is ignored (and ``reveal`` never turns on).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("anywidget")
import traitlets

import wispwidget

CASES = [json.loads(line) for line in
         (Path(__file__).resolve().parent / "hostile" / "widget.jsonl").read_text(encoding="utf-8").splitlines()]
KERNEL_OWNED = ("reveal", "version", "won", "moves", "table", "verdict", "status", "message", "hint_move")


def table():
    return wispwidget.play("will-o-the-wisp", seed=3, auto_verdict=False)


def with_version(value: Any, version: int) -> Any:
    if isinstance(value, dict):
        return {k: with_version(v, version) for k, v in value.items()}
    if isinstance(value, list):
        return [with_version(v, version) for v in value]
    return {"$v": version, "$v-1": version - 1, "$v+1": version + 1}.get(value, value) if isinstance(value, str) \
        else value


@pytest.mark.parametrize("case", [c for c in CASES if "message" in c], ids=lambda c: c["id"])
def test_a_malformed_message_is_refused_in_one_sentence(case):
    w = table()
    before, version = w.to_json(), w.version
    w._handle_custom_msg(with_version(case["message"], w.version), [])
    w.wait(10)
    assert w.message.get("kind") == "error", w.message
    text = w.message.get("text", "")
    assert text and "\n" not in text and len(text) < 300 and "Traceback" not in text
    assert w.to_json() == before and w.version == version


@pytest.mark.parametrize("case", [c for c in CASES if "state" in c], ids=lambda c: c["id"])
def test_a_front_end_update_of_a_kernel_trait_is_ignored(case):
    w = table()
    before = {name: getattr(w, name) for name in KERNEL_OWNED}
    position = w.to_json()
    try:
        w.set_state(case["state"])
    except Exception as exc:
        assert not isinstance(exc, (SystemExit, KeyboardInterrupt))
    assert {name: getattr(w, name) for name in KERNEL_OWNED} == before
    assert w.reveal is False and w.to_json() == position


@pytest.mark.parametrize("count", [10**100, 10**30, 1001])
def test_a_count_no_pile_can_hold_is_refused_as_such(count):
    w = table()
    w._handle_custom_msg({"type": "click", "pile": "t0", "count": count, "version": w.version}, [])
    assert w.message["text"] == "Refused a malformed request: click: count must be from 1 to 1000."
    with pytest.raises(wispwidget.NoDestinationError, match=r"^count must be from 1 to 1000, not "):
        w.click("t0", count)  # from Python: the engine's own words, not "a number of about 101 digits from the top"


@pytest.mark.parametrize("speed", [0, -1, float("nan"), float("inf"), 1e9, "x", True, None])
def test_a_replay_speed_out_of_range_is_refused_and_the_one_in_use_stays(speed):
    with pytest.raises(wispwidget.WispError, match=r"^the replay speed is a number of moves a second above 0"):
        wispwidget.play("micro-wisp", seed=1, auto_verdict=False, replay_speed=speed)
    w = wispwidget.play("micro-wisp", seed=1, auto_verdict=False, replay_speed=8)
    if speed is True:
        return  # a Float trait reads True as 1.0 before anything else sees it: a speed, if an odd way to say it
    with pytest.raises((wispwidget.WispError, traitlets.TraitError)):  # the trait's own type check, or ours
        w.replay_speed = speed
    assert w.replay_speed == 8.0 == w.controller.replay_speed  # the browser is told the speed in use, not 0


@pytest.mark.parametrize("interval", [-1, 1e300, float("nan"), "x", True])
def test_an_interval_out_of_range_is_refused_before_anything_runs(interval):
    w = wispwidget.play("micro-wisp", seed=1, auto_verdict=False)
    for start in (w.solve, w.watch):
        with pytest.raises(wispwidget.WispError, match=r"^the interval is a number of seconds from 0 to 60"):
            start(interval=interval)
    assert w.job == {} and not w.busy


@pytest.mark.parametrize(("setting", "value"), [("reveal", "no"), ("winnable", 1), ("auto_verdict", None),
                                                ("verdict_positions", -5), ("verdict_positions", "x")])
def test_a_settings_wrong_kind_of_value_is_refused_at_once(setting, value):
    with pytest.raises(wispwidget.WispError):
        wispwidget.play("micro-wisp", seed=1, **{setting: value})


def test_a_background_failure_is_one_sentence_that_reads():
    w = table()
    job = type("Job", (), {"label": "The no-peek player is playing…"})()
    w.controller._job_failed(job, RuntimeError("the planner fell over"))
    assert w.message["text"] == ("Something went wrong while the no-peek player is playing: The planner fell over.")
    w.controller._job_failed(job, wispwidget.WispError("no deal of x from 1 to 9 was proved winnable"))
    assert w.message["text"] == "No deal of x from 1 to 9 was proved winnable."


def test_stop_ends_the_search_for_a_winnable_deal_at_once():
    """Stop cleared the job at once but the search went on for 27 s, and the next one waited behind it."""
    import threading
    import time

    w = wispwidget.play("waxing-moon", auto_verdict=False)
    w._handle_custom_msg({"type": "new_deal", "seed": 3000, "winnable": True}, [])  # past the catalogue: proved live
    time.sleep(0.3)
    assert w.job.get("kind") == "winnable"
    before = w.to_json()
    stopped = time.monotonic()
    w._handle_custom_msg({"type": "stop"}, [])
    assert w.job == {}
    assert w.controller.jobs.wait(3)  # every thread has ended, not only the job's trait
    assert time.monotonic() - stopped < 3 and not [t for t in threading.enumerate() if t.name.startswith("job")]
    assert w.to_json() == before  # no deal was dealt after Stop
