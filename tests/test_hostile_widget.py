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
