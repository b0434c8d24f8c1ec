"""One trust boundary for the three widgets (widgets/guard.py): the browser writes only the traits its view sets.

Each synced trait of the table, the variant lab and the search trace is written from the "front end" the way
ipywidgets applies an update (a comm message ``{"method": "update", "state": ...}``, which calls ``set_state``;
marimo calls ``set_state`` itself), with junk and with plausible forgeries: the kernel's state stays as it was,
no forged value is echoed, and the kernel's value is sent back so the browser draws it again. The few traits a
view writes (the lab's controls and Presentation switch; the trace's step, speed and Presentation switch) take
what the view sends and refuse the rest.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("anywidget")

import wispwidget as ww
from wispwidget import deal
from wispwidget.widgets.guard import KernelOwned
from wispwidget.widgets.table import TableWidget
from wispwidget.widgets.trace_view import SearchTraceWidget
from wispwidget.widgets.variant_lab import VariantLabWidget

JUNK: list[Any] = [None, True, False, 0, -1, 1.5, 10**30, "", "x", [], [1, [2]], {}, {"a": {"b": [None]}},
                   "won 20 of 20", [10**5000], "x" * 100_000]
WON = {"count": 20, "share": 1.0, "low": 0.84, "high": 1.0}
LOST = {"count": 0, "share": 0.0, "low": 0.0, "high": 0.16}
FORGED_SUMMARY = {"game": "mini-wisp", "variant": "standard", "name": "Mini Wisp", "label": "Mini Wisp",
                  "deals": 20, "max_positions": 20_000, "engine": "native", "cancelled": False, "seeds": [1, 20],
                  "won": WON, "lost": LOST, "unknown": LOST, "winnable_low": 0.84, "winnable_high": 1.0}

#: Plausible forgeries of traits, beyond the junk every trait gets.
FORGED: dict[str, list[Any]] = {
    "results": [{"base": FORGED_SUMMARY, "variant": FORGED_SUMMARY}, {"variant": FORGED_SUMMARY}],
    "status": ["Mini Wisp: 20 deals at 20,000 positions: won 20, lost 0, unknown 0; winnable 84%-100%."],
    "status_kind": ["error"],
    "progress": [{"running": True, "done": 20, "total": 40, "which": "variant", "deal": 20, "deals": 20}],
    "variant": [{"error": "", "name": "Mini Wisp: forged", "key": "mini-wisp/relaxed", "changes": ["x"],
                 "solver": ""}],
    "options": [{"movable": {"teleport": "any card anywhere"}}],
    "game_json": ['{"format": "wisp-game/1", "game": "spider"}'],
    "deals": [50, 100_000], "max_positions": [1], "first_seed": ["7", 7],
    "reveal": [True], "version": [99], "won": [True], "moves": [5], "winnable": [True], "busy": [True],
    "table": [{"tableau": [{"down": 0, "up": ["AS"], "hidden": ["KS"]}]}],
    "hint_move": [{"from": "t0", "to": "t1", "count": 1}], "verdict": ["winnable"], "replay_speed": [60.0],
    "message": [{"kind": "info", "text": "You won"}], "win_summary": [{"moves": 1}], "stats": [{"won": 99}],
    "games": [[{"game": "spider", "variant": "standard"}]], "job": [{"kind": "solve", "running": True}],
    "traces": [[{"positions": {"0": {"tableau": []}}, "reveal": True}]], "choices": [{"algorithms": ["magic"]}],
    "lockstep": ["expansions"], "error": ["forged"], "view_only": [True],
    "_esm": ["export default { render() { alert(1) } }"], "_css": ["* { display: none }"],
    "_anywidget_id": ["forged"], "_view_count": [3], "_dom_classes": [["forged"]], "layout": ["IPY_MODEL_x"],
    "tabbable": [True], "tooltip": ["forged"], "_model_name": ["ButtonModel"], "_view_name": ["ButtonView"],
}

#: Junk the trace's and the lab's views never send for the traits they do write.
WRITABLE_JUNK: list[Any] = [None, "x", "", [], {}, 10**30, float("nan"), float("inf"), [10**5000]]


def table() -> TableWidget:
    return ww.play("micro-wisp", seed=1, auto_verdict=False)


def lab() -> VariantLabWidget:
    return VariantLabWidget("mini-wisp")


def trace() -> SearchTraceWidget:
    return SearchTraceWidget(ww.trace(deal("micro-wisp", 1).position(), "bfs", max_expansions=50))


WIDGETS: dict[str, Callable[[], KernelOwned]] = {"table": table, "lab": lab, "trace": trace}
VIEW_WRITES = {"table": set(), "lab": {"controls", "presentation"}, "trace": {"step", "speed", "presentation"}}


def synced(widget: KernelOwned) -> str:
    """Every synced trait, as the browser is sent it."""
    return json.dumps(widget.get_state(), sort_keys=True, default=repr)


def listen(widget: KernelOwned) -> list[dict[str, Any]]:
    """The messages the widget sends its front ends, from now on."""
    sent: list[dict[str, Any]] = []
    widget._send = lambda msg, buffers=None: sent.append(msg)  # type: ignore[method-assign]
    return sent


def from_the_front_end(widget: KernelOwned, state: dict[str, Any], comm: bool) -> None:
    """A front-end update: through the comm, as ipywidgets applies it, or handed to ``set_state`` (marimo)."""
    if comm:
        widget._handle_msg({"content": {"data": {"method": "update", "state": state, "buffer_paths": []}},
                            "buffers": []})
    else:
        widget.set_state(state)


def forgeries(name: str) -> list[Any]:
    return FORGED.get(name, []) + JUNK


def names_of(kind: str) -> list[str]:
    return sorted(set(WIDGETS[kind]().keys))


def cases(kind: str, writable: bool) -> list[tuple[str, str]]:
    return [(kind, name) for name in names_of(kind) if (name in VIEW_WRITES[kind]) == writable]


def assert_refused(widget: KernelOwned, name: str, value: Any, comm: bool) -> None:
    before = synced(widget)
    sent = listen(widget)
    from_the_front_end(widget, {name: value}, comm)
    assert synced(widget) == before, f"{name} took {value!r:.80}"
    assert not [m for m in sent if m["method"] == "echo_update"], "a refused value is echoed to no front end"
    assert {"method": "update", "state": {name: widget.get_state(name)[name]}, "buffer_paths": []} in sent


@pytest.mark.parametrize("comm", [True, False], ids=["comm", "set_state"])
@pytest.mark.parametrize(("kind", "name"), cases("table", False) + cases("lab", False) + cases("trace", False))
def test_a_front_end_write_of_a_kernel_trait_is_refused_and_re_synced(kind, name, comm):
    widget = WIDGETS[kind]()
    spec = widget.spec if isinstance(widget, VariantLabWidget) else None
    for value in forgeries(name):
        assert_refused(widget, name, value, comm)
    if spec is not None:
        assert widget.spec == spec and widget.to_json() and widget.results == {}


@pytest.mark.parametrize("comm", [True, False], ids=["comm", "set_state"])
@pytest.mark.parametrize(("kind", "name"), cases("lab", True) + cases("trace", True))
def test_junk_in_a_trait_the_view_writes_is_refused_and_re_synced(kind, name, comm):
    widget = WIDGETS[kind]()
    for value in WRITABLE_JUNK + ([1, "yes", 0] if name == "presentation" else []):
        assert_refused(widget, name, value, comm)
    if isinstance(widget, VariantLabWidget):
        assert widget.spec == lab().spec


def every_kind_of_bad_controls(controls: dict[str, Any]) -> list[Any]:
    """Controls the lab's view never sends: a rule missing or added, a value of no kind its box sends."""
    bad: list[Any] = [[], "controls", {k: v for k, v in controls.items() if k != "piles"},
                      {**controls, "emtpy_pile": "any"}, {**controls, "variant": "forged"},
                      {**controls, "base": "spider"}]  # kept on main, it made lab.spec raise a TypeError
    for rule in controls:
        bad += [{**controls, rule: junk} for junk in (None, [], {}, [10**5000], 10**30, 1.5, "x" * 101)]
    bad += [{**controls, "movable": "teleport"}, {**controls, "foundation_to_tableau": 1},
            {**controls, "suits": "SHX"}, {**controls, "suits": "CDHSC"}, {**controls, "copies": True}]
    return bad


@pytest.mark.parametrize("comm", [True, False], ids=["comm", "set_state"])
def test_controls_the_view_never_sends_are_refused_and_the_spec_still_works(comm):
    widget = lab()
    spec, controls = widget.spec, dict(widget.controls)
    for bad in every_kind_of_bad_controls(controls):
        assert_refused(widget, "controls", bad, comm)
        assert widget.spec == spec and widget.controls == controls and widget.variant["error"] == ""


@pytest.mark.parametrize("comm", [True, False], ids=["comm", "set_state"])
def test_the_lab_takes_the_controls_and_the_switch_its_view_sends(comm):
    widget = lab()
    sent = listen(widget)
    from_the_front_end(widget, {"controls": {**widget.controls, "copies": 2}}, comm)
    assert widget.spec.deck.copies == 2 and widget.variant["error"] == ""
    assert not [m for m in sent if m["method"] == "update" and "controls" in m["state"]]  # nothing to re-sync
    from_the_front_end(widget, {"controls": {**widget.controls, "piles": "abc"}}, comm)  # typed in a number box
    assert widget.variant["error"] == "piles must be a whole number, not 'abc'"
    with pytest.raises(ValueError, match="piles must be a whole number"):
        widget.spec  # noqa: B018
    from_the_front_end(widget, {"controls": {**widget.controls, "piles": 4}, "presentation": True}, comm)
    assert widget.spec.deck.copies == 2 and widget.presentation is True


@pytest.mark.parametrize("comm", [True, False], ids=["comm", "set_state"])
def test_the_trace_takes_the_step_speed_and_switch_its_view_sends(comm):
    widget = trace()
    from_the_front_end(widget, {"step": widget.total, "speed": 60, "presentation": True}, comm)
    assert (widget.step, widget.speed, widget.presentation) == (widget.total, 60.0, True)
    from_the_front_end(widget, {"step": 3, "speed": 1.5}, comm)
    assert (widget.step, widget.speed) == (3, 1.5)
    for step in (-1, widget.total + 1, 2.0, True):
        assert_refused(widget, "step", step, comm)
    for speed in (0, 0.5, 61, True):
        assert_refused(widget, "speed", speed, comm)


def test_one_update_keeps_what_the_view_may_write_and_refuses_the_rest():
    widget = lab()
    sent = listen(widget)
    from_the_front_end(widget, {"presentation": True, "results": {"variant": FORGED_SUMMARY},
                                "status": "won 20 of 20"}, comm=True)
    assert widget.presentation is True and widget.results == {} and widget.status == ""
    assert {"method": "update", "state": {"results": {}, "status": ""}, "buffer_paths": []} in sent


def test_every_widget_declares_what_its_view_writes():
    for kind, make in WIDGETS.items():
        widget = make()
        assert set(widget.BROWSER_WRITES) == VIEW_WRITES[kind]
        assert set(widget.BROWSER_WRITES) <= set(widget.keys)


def test_base_is_no_rule_from_python_either():
    """``lab.set(base=...)`` reached make_variant's own argument and raised a TypeError."""
    widget = lab()
    spec = widget.spec
    with pytest.raises(ww.WispError, match=r"^unknown rule base; the lab's rules: movable"):
        widget.set(base="spider")
    assert widget.spec == spec
