"""The widget in a real JupyterLab, in Debian's Chromium: every browser action is checked
against the Python game's own state in the kernel."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from wispwidget.io.formats import write_position

from ..helpers import position
from .lab import chromium_path, lab_page, settled, table_button

pytestmark = pytest.mark.skipif(chromium_path() is None, reason="Debian's chromium is not installed")

SETUP = """import wispwidget
w = wispwidget.play("will-o-the-wisp", seed=7, auto_verdict=False)
w"""
HELPERS = """def clickable():
    found = []
    for i in range(len(w.game.up)):
        try:
            found.append([f"t{i}", list(w.game.click_destination(f"t{i}", 1))])
        except Exception:
            pass
    return found
def secrets():
    from wispwidget.cards import card_str
    return [card_str(c) for pile in w.game.down for c in pile] + [card_str(c) for c in w.game.stock]"""


@pytest.fixture(scope="module")
def lab():
    with lab_page([SETUP, HELPERS]) as session:
        yield session


def until(kernel, expression, expected, timeout=20.0):
    deadline = time.time() + timeout
    value = None
    while time.time() < deadline:
        value = kernel.value(expression)
        if value == expected:
            return value
        time.sleep(0.2)
    raise AssertionError(f"{expression} stayed {value!r}, expected {expected!r}")


def played(kernel):
    return kernel.value("[list(m) for m in w.game.moves_played]")


def test_widget_renders_the_deal(lab):
    page, kernel, _ = lab
    assert page.locator('.ww-root [data-pile^="t"]').count() == 7
    assert kernel.value("w.moves") == 0
    assert page.get_by_role("status").first.inner_text().startswith("Will o' the Wisp")


def test_click_a_card_plays_its_destination(lab):
    page, kernel, _ = lab
    pile, move = kernel.value("clickable()")[0]
    page.locator(f'.ww-root [data-pile="{pile}"] [data-card]').last.click()
    until(kernel, "[list(m) for m in w.game.moves_played]", [move])


def test_deal_by_clicking_the_stock_then_undo(lab):
    page, kernel, _ = lab
    before = played(kernel)
    if kernel.value("any(not u for u in w.game.up)"):
        pytest.skip("a pile is empty: no deal")
    page.locator('.ww-root [data-pile="stock"]').click()
    until(kernel, "[list(m) for m in w.game.moves_played]", [*before, ["stock", "tableau", 1]])
    expect(page.locator('.ww-root [data-pile="stock"] .ww-stock-label')).to_have_text("4 deals left")
    page.get_by_role("button", name="Undo").click()
    until(kernel, "[list(m) for m in w.game.moves_played]", before)


def test_drag_a_run_onto_a_pile(lab):
    page, kernel, _ = lab
    puzzle = position("will-o-the-wisp", piles=["4D | 9H 8H 7H", "| TH", "| 3C", "| 4C", "| 5C", "| 6C", "| 7C"])
    assert kernel.value(f"w.load({write_position(puzzle, indent=None)!r}) or w.moves") == 0
    page.locator('.ww-root [data-pile="t0"] [data-card="9H"]').wait_for()
    settled(page)
    source = page.locator('.ww-root [data-pile="t0"] [data-card="9H"]').bounding_box()
    target = page.locator('.ww-root [data-pile="t1"]').bounding_box()
    page.mouse.move(source["x"] + source["width"] / 2, source["y"] + 8)
    page.mouse.down()
    page.mouse.move(source["x"] + 30, source["y"] + 30, steps=5)
    assert page.locator('.ww-root [data-pile="t1"].ww-accepts').count() == 1  # the engine's legal targets
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + 20, steps=10)
    page.mouse.up()
    until(kernel, "[list(m) for m in w.game.moves_played]", [["t0", "t1", 3]])
    assert kernel.value("w.table['tableau'][0]['up']") == ["4D"]  # the face-down card turned


def test_illegal_drag_is_refused_and_changes_nothing(lab):
    page, kernel, _ = lab
    before = played(kernel)
    settled(page)
    source = page.locator('.ww-root [data-pile="t2"] [data-card="3C"]').bounding_box()
    target = page.locator('.ww-root [data-pile="t5"]').bounding_box()
    page.mouse.move(source["x"] + 10, source["y"] + 10)
    page.mouse.down()
    page.mouse.move(target["x"] + 10, target["y"] + 20, steps=10)
    page.mouse.up()
    page.wait_for_timeout(500)
    assert played(kernel) == before
    expect(page.locator(".ww-root .ww-live")).to_contain_text("does not go on")


def test_no_face_down_identity_in_the_page(lab):
    page, kernel, _ = lab
    assert kernel.value("w.new_deal(seed=11) or w.seed") == 11
    page.wait_for_timeout(300)
    html = page.locator(".ww-root").first.evaluate("el => el.outerHTML")
    secrets = kernel.value("secrets()")
    assert len(secrets) == 45
    from wispwidget.cards import parse_card

    names = {"A": "Ace", "2": "Two", "3": "Three", "4": "Four", "5": "Five", "6": "Six", "7": "Seven", "8": "Eight",
             "9": "Nine", "T": "Ten", "J": "Jack", "Q": "Queen", "K": "King"}
    suits = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
    for card in secrets:
        parse_card(card)
        assert f'data-card="{card}"' not in html
        assert f"{names[card[0]]} of {suits[card[1]]}" not in html
    assert html.count('data-card="hidden"') == 14 + 1  # face-down cards and the stock's back
    synced = kernel.value("[w.table, w.status, w.message, w.hint_move]")
    text = str(synced)
    assert not [c for c in secrets if f"'{c}'" in text]


def test_keyboard_play(lab):
    page, kernel, _ = lab
    puzzle = position("will-o-the-wisp", piles=["4D | 9H 8H 7H", "| TH", "| 3C", "| 4C", "| 5C", "| 6C", "| 7C"],
                      stock="2D 3D 2H 3H 5H 6H 8D")
    assert kernel.value(f"w.load({write_position(puzzle, indent=None)!r}) or w.moves") == 0
    page.locator('.ww-root [data-pile="t0"] [data-card="9H"]').wait_for()
    page.locator(".ww-root").first.focus()
    for key in ["ArrowUp", "ArrowUp", " ", "ArrowRight", " "]:
        page.keyboard.press(key)
    until(kernel, "[list(m) for m in w.game.moves_played]", [["t0", "t1", 3]])
    expect(page.locator('.ww-root [data-pile="t1"] [data-card="7H"]')).to_be_visible()
    page.keyboard.press("d")
    until(kernel, "len(w.game.moves_played)", 2)
    assert kernel.value("list(w.game.moves_played[-1])") == ["stock", "tableau", 1]
    page.keyboard.press("u")
    until(kernel, "len(w.game.moves_played)", 1)


def test_hint_and_fair_hint_buttons(lab):
    page, kernel, _ = lab
    assert kernel.value("w.new_deal('will-o-the-wisp', 'relaxed', seed=4) or w.seed") == 4
    expect(page.locator(".ww-root .ww-game")).to_have_value("will-o-the-wisp/relaxed")
    for name in ("Hint", "Fair hint"):
        assert kernel.value("setattr(w, 'hint_move', {}) or w.hint_move") == {}
        table_button(page, name).click()
        hint = until(kernel, "bool(w.hint_move)", True, timeout=60) and kernel.value("w.hint_move")
        assert [hint["from"], hint["to"], hint["count"]] in kernel.value("[list(m) for m in w.game.legal_moves()]")
        expect(page.locator(".ww-root .ww-hint").first).to_be_visible()
    expect(page.locator(".ww-root .ww-live")).to_contain_text("no peeking")


def test_watch_button_lets_the_no_peek_player_play_and_stop_stops_it(lab):
    page, kernel, _ = lab
    assert kernel.value("w.new_deal('will-o-the-wisp', 'relaxed', seed=3) or w.seed") == 3
    expect(page.locator(".ww-root .ww-game")).to_have_value("will-o-the-wisp/relaxed")
    table_button(page, "Watch").click()
    assert until(kernel, "len(w.game.moves_played) >= 2", True, timeout=60)
    said = re.compile(r"no-peek player: (Deal|Draw|.+ to )", re.IGNORECASE)  # moves in words (io/words.py)
    expect(page.locator(".ww-root .ww-live")).to_contain_text(said)
    table_button(page, "Stop").click()
    until(kernel, "w.busy", False, timeout=30)
    played = kernel.value("len(w.game.moves_played)")
    time.sleep(1.5)
    assert kernel.value("len(w.game.moves_played)") == played
    expect(table_button(page, "Solve")).to_be_visible()
