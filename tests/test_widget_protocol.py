"""The protocol's trust boundary: the schema is stated once, forged updates change nothing, fuzzed messages
never escape and every refusal leaves the position as it was."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wispwidget.cards import card_str
from wispwidget.widgets import play
from wispwidget.widgets.protocol import REQUESTS, TRAITS, ProtocolError, parse_request

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("WISPWIDGET_DATA_DIR", str(tmp_path))


def send(w, message) -> None:
    w._on_front_end_message(w, message, [])


def secrets(w) -> list[str]:
    return [card_str(c) for pile in w.game.down for c in pile] + [card_str(c) for c in w.game.stock]


def synced_text(w) -> str:
    return json.dumps({name: getattr(w, name) for name in TRAITS})


def test_the_generated_typescript_is_current():
    result = subprocess.run([sys.executable, str(ROOT / "scripts" / "gen_schema.py"), "--check"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    text = (ROOT / "js" / "schema.gen.ts").read_text()
    for kind in REQUESTS:
        assert f'type: "{kind}";' in text
    assert "export interface TableTraits" in text


def test_the_widget_syncs_exactly_the_protocol_traits_each_with_help():
    w = play("micro-wisp", seed=1, auto_verdict=False)
    import anywidget

    synced = {n for n in set(w.trait_names(sync=True)) - set(anywidget.AnyWidget.class_trait_names(sync=True))
              if not n.startswith("_")}
    assert synced == set(TRAITS)
    for name in TRAITS:
        assert w.trait_metadata(name, "help") == TRAITS[name].help


def test_forged_front_end_updates_change_nothing_and_reveal_no_card():
    w = play("will-o-the-wisp", seed=7, auto_verdict=False)
    before = (w.game.position(), w.version, synced_text(w))
    forged = {"reveal": True, "version": 99, "won": True, "moves": 5, "busy": True, "winnable": True,
              "table": {"tableau": []}, "hint_move": {"from": "t0", "to": "t1", "count": 1}}
    w.set_state(forged)
    w._handle_msg({"content": {"data": {"method": "update", "state": forged, "buffer_paths": []}}, "buffers": []})
    assert (w.game.position(), w.version, synced_text(w)) == before
    assert not w.reveal and "hidden" not in w.table["tableau"][0]
    text = synced_text(w)
    assert not [c for c in secrets(w) if f'"{c}"' in text]


@pytest.mark.parametrize("bad", [{"type": ["click"]}, {"type": {}}, {"type": 3}, {"type": None}, {1: 2},
                                 {"type": "click", "pile": ["t0"], "version": 1}, {"type": "speed", "value": 0},
                                 {"type": "speed", "value": float("nan")}, {"type": "new_deal", "seed": -1},
                                 {"type": "winnable", "value": "yes"}])
def test_unhashable_and_odd_messages_are_refused_in_words(bad):
    with pytest.raises(ProtocolError):
        parse_request(bad)
    w = play("micro-wisp", seed=1, auto_verdict=False)
    before = w.game.position()
    send(w, bad)
    assert w.game.position() == before and w.message["kind"] == "error" and "malformed" in w.message["text"]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 12) | st.floats(allow_nan=True) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6)
piles = st.sampled_from(["t0", "t1", "t2", "t3", "t9", "f0", "waste", "stock", "tableau", "x"])
near_valid = st.builds(
    lambda kind, pile, to, count, version, extra: {k: v for k, v in {
        "type": kind, "pile": pile, "from": pile, "to": to, "count": count, "version": version, **extra}.items()
        if v is not None},
    st.sampled_from([*sorted(REQUESTS), "teleport"]), st.one_of(st.none(), piles), st.one_of(st.none(), piles),
    st.one_of(st.none(), st.integers(-1, 4)), st.one_of(st.none(), st.integers(0, 8)),
    st.dictionaries(st.sampled_from(["value", "seed", "game", "winnable", "extra"]), json_values, max_size=2))
messages = st.one_of(json_values, near_valid,
                     st.dictionaries(st.sampled_from(["type", "pile", "from", "to", "count", "version", "value"]),
                                     json_values, max_size=4))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(messages, min_size=1, max_size=6))
def test_fuzzed_messages_never_escape_and_every_refusal_keeps_the_position(batch):
    w = play("micro-wisp", seed=1, auto_verdict=False)
    w.controller.hinter.max_positions = 2_000
    try:
        for message in batch:
            with w.controller.lock:  # a background job (a daily deal, a replay) lands before or after, not between
                before, version, said = w.game.position(), w.version, w.message.get("id")
                send(w, message)  # must not raise
                if w.message.get("kind") == "error" and w.message.get("id") != said:
                    assert w.game.position() == before and w.version == version
            assert w.table["version"] == w.version and w.moves == len(w.game.moves_played)
            assert "hidden" not in w.table["tableau"][0]
    finally:
        w.stop()
        w.wait(10)
