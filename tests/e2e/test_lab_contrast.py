"""The table's quiet words (the status line, the clock, a refusal in its error colour) read at WCAG's 4.5:1 in
JupyterLab's light and dark themes, measured in a real browser with the colours alpha-blended onto what lies
under them."""

from __future__ import annotations

import pytest

from .lab import DARK_THEME, chromium_path, lab_page

pytestmark = pytest.mark.skipif(chromium_path() is None, reason="Debian's chromium is not installed")

SETUP = """import wispwidget
w = wispwidget.play("will-o-the-wisp", seed=7, auto_verdict=False)
w.move(*next(w.game.iter_legal_moves()))
w"""


# The contrast of the status line's and the clock's words against what lies under them (WCAG), alpha blended.
QUIET_WORDS = """() => {
  const parse = (c) => {
    const n = (c.match(/[\\d.]+/g) || []).map(Number);
    const srgb = c.startsWith("color(");  // color(srgb r g b / a), 0-1
    const [r, g, b] = n.slice(0, 3).map((v) => (srgb ? v * 255 : v));
    return [r, g, b, n.length > 3 ? n[3] : 1];
  };
  const lum = (rgb) => rgb.map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  const under = (node) => {
    for (let n = node.parentElement; n; n = n.parentElement) {
      const c = parse(getComputedStyle(n).backgroundColor);
      if (c[3] > 0.5) return c.slice(0, 3);
    }
    return [255, 255, 255];
  };
  return [".ww-status", ".ww-clock", ".ww-message"].map((selector) => {
    const node = document.querySelector(".ww-root " + selector);
    const [r, g, b, a] = parse(getComputedStyle(node).color);
    const bg = under(node);
    const ink = [r, g, b].map((v, i) => a * v + (1 - a) * bg[i]);
    const [x, y] = [lum(ink), lum(bg)].sort((p, q) => q - p);
    return [selector, node.hidden ? 0 : (x + 0.05) / (y + 0.05)];
  });
}"""


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_status_line_the_clock_and_a_refusal_read_at_4_5_to_1_in_either_theme(theme):
    with lab_page([SETUP], settings=DARK_THEME if theme == "dark" else None) as (page, _kernel, _lab):
        page.locator(".ww-root .ww-clock:not([hidden])").wait_for(timeout=30_000)
        # a refusal, as a move the rules forbid gets it: its words are on the felt, in the error colour
        _kernel.value("w._on_front_end_message(w, {'type': 'move', 'from': 't0', 'to': 't1', 'count': 1, "
                      "'version': w.version}, []) or w.message['kind']")
        page.locator('.ww-root .ww-message[data-kind="error"]').wait_for(timeout=10_000)
        for selector, ratio in page.evaluate(QUIET_WORDS):
            assert ratio >= 4.5, (theme, selector, ratio)
