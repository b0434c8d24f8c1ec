"""The search-trace view in a real JupyterLab, checked against the kernel's widget."""

from __future__ import annotations

import re
import time
from contextlib import contextmanager
from itertools import pairwise

import pytest
from playwright.sync_api import expect

from .lab import chromium_path, lab_page, until

pytestmark = pytest.mark.skipif(chromium_path() is None, reason="Debian's chromium is not installed")

SETUP = """import wispwidget as ww
start = ww.deal("micro-wisp", 1).position()
result = ww.trace(start, "bfs")
tw = ww.SearchTraceWidget(result)
tw"""
PAIR = """pair = ww.SearchTraceWidget([result, ww.trace(start, "dfs")], lockstep="expansions")
pair"""



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


def node_boxes(view) -> list[dict]:
    """The box of every node of the view's tree, as the page draws it."""
    return view.locator(".ww-tree [data-node]").evaluate_all(
        "nodes => nodes.map(n => { const r = n.getBoundingClientRect();"
        " return {x: r.x, y: r.y, width: r.width, height: r.height}; })")


# The rows of each frontier list that its box cuts through (a row is whole inside or wholly scrolled out of it).
CUT_ROWS = """v => [...v.querySelectorAll('.ww-frontier-list')].flatMap((list) => {
  const box = list.getBoundingClientRect(), top = box.top + list.clientTop, bottom = top + list.clientHeight;
  return [...list.children].map((li) => li.getBoundingClientRect())
    .filter((r) => r.top < bottom - 0.5 && r.bottom > bottom + 0.5 || r.top < top - 0.5 && r.bottom > top + 0.5)
    .map((r) => [r.top, r.bottom, top, bottom]);
})"""
# The view's box and the part of the page it can be seen in: the box that scrolls the notebook, or the window (all
# of it when the view is shown full screen, over the page).
ON_SCREEN = """v => {
  const r = v.getBoundingClientRect();
  let top = 0, bottom = window.innerHeight;
  for (let p = v.parentElement; p && document.fullscreenElement !== v; p = p.parentElement) {
    const y = getComputedStyle(p).overflowY;
    if ((y === 'auto' || y === 'scroll') && p.scrollHeight > p.clientHeight + 1) {
      const b = p.getBoundingClientRect();
      top = Math.max(top, b.top + p.clientTop); bottom = Math.min(bottom, b.top + p.clientTop + p.clientHeight);
    }
  }
  const line = v.querySelectorAll('.ww-code li[aria-current="step"]');
  return {top: r.top, bottom: r.bottom, height: r.height, seenTop: top, seenBottom: bottom,
          lines: [...line].map((l) => l.getBoundingClientRect().bottom)};
}"""


def inside(box, outer, slack=1.0):
    return (box["x"] >= outer["x"] - slack and box["y"] >= outer["y"] - slack and
            box["x"] + box["width"] <= outer["x"] + outer["width"] + slack and
            box["y"] + box["height"] <= outer["y"] + outer["height"] + slack)


@contextmanager
def exported(tmp_path, widget, viewport=None):
    """The widget's static export open in Chromium (1280 x 900 unless ``viewport``): the page, once drawn."""
    from playwright.sync_api import sync_playwright

    from .lab import CHROMIUM_ARGS

    page_file = widget.to_html(tmp_path / "t.html")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport=viewport or {"width": 1280, "height": 900})
        page.goto(page_file.as_uri())
        page.locator(".ww-trace-panel").first.wait_for()
        yield page
        browser.close()


def fitted_at_end(page, counters: str | None = None) -> dict:
    """Step to the end (its counters then saying ``counters``), press Fit: the tree panel's inside box."""
    page.get_by_role("button", name="End", exact=True).click()
    if counters:
        expect(page.locator(".ww-counters").first).to_contain_text(counters)
    page.get_by_role("button", name="Fit").click()
    page.wait_for_timeout(200)
    return page.locator(".ww-tree-panel").first.evaluate(
        "p => { const r = p.getBoundingClientRect();"
        " return {x: r.left + p.clientLeft, y: r.top + p.clientTop, width: p.clientWidth, height: p.clientHeight}; }")


def test_trace_view_in_lab(tmp_path):
    with lab_page([SETUP, PAIR], name="trace.ipynb", wait_for=".ww-trace-panel") as (page, kernel, _lab):
        view = page.locator(".ww-trace").first
        total = kernel.value("tw.total")

        def button(name, where=view):
            return where.get_by_role("button", name=name, exact=True)

        expect(view.locator("[data-legend]")).to_contain_text("frontier")
        assert "400 nodes" not in view.locator("[data-tree-panel]").inner_text()

        # stepping, play and pause, the scrubber
        button("Step forward").click()
        button("Step forward").click()
        until(kernel, "tw.step", lambda v: v == 2)
        button("Step back").click()
        until(kernel, "tw.step", lambda v: v == 1)
        button("Play").click()
        until(kernel, "tw.step", lambda v: v >= 4)
        button("Pause").click()
        expect(button("Play")).to_be_visible()
        paused = steady(kernel, "tw.step")
        time.sleep(1.0)
        assert kernel.value("tw.step") == paused

        # the pseudo-code line follows the kind of event
        button("Start").click()
        lines = {}
        for _ in range(12):
            button("Step forward").click()
            code = view.locator(".ww-code")
            lines[code.get_attribute("data-kind")] = code.locator('[aria-current="step"]').get_attribute("data-line")
        assert {"generate", "expand"} <= set(lines) and len(set(lines.values())) >= 2

        # at the goal the current node is in view; after Fit the whole tree is inside the panel
        button("End").click()
        until(kernel, "tw.step", lambda v: v == total)
        expect(view.locator(".ww-counters")).to_contain_text("goal reached")
        panel = view.locator("[data-tree-panel]")
        current = view.locator('[data-node][data-current="true"]')
        assert current.get_attribute("data-state") == "solution"
        assert inside(current.bounding_box(), panel.bounding_box())
        button("Fit").click()
        page.wait_for_timeout(200)
        outer = panel.bounding_box()
        boxes = node_boxes(view)
        assert len(boxes) > 100 and all(inside(b, outer) for b in boxes)

        # clicking a node jumps to the step where it was reached
        button("Zoom in").click()
        node = kernel.value("next(e[1] for e in tw.searches[0].events if e[0] == 0 and e[1] > 5)")
        reached = kernel.value(f"[i for i, e in enumerate(tw.searches[0].events) if e[1] == {node} and e[0] != 1][0]")
        view.locator(f'.ww-tree [data-node="{node}"]').click()
        until(kernel, "tw.step", lambda v: v == reached + 1)

        # presentation mode, from the view and by keyboard
        button("Presentation").click()
        until(kernel, "tw.presentation", lambda v: v is True)
        expect(view).to_have_class(re.compile("ww-present"))
        # the tree, zoomed in just before, is fitted to its panel for the room to see; the lists read large too
        page.wait_for_timeout(300)
        outer = panel.bounding_box()
        boxes = node_boxes(view)
        assert len(boxes) > 5 and all(inside(b, outer) for b in boxes)
        tree = view.locator("svg.ww-tree").evaluate(
            "s => { const r = s.getBoundingClientRect(), v = s.viewBox.baseVal;"
            " return {width: r.width, height: r.height, zoom: r.width / v.width}; }")
        filled = max(tree["width"] / outer["width"], tree["height"] / outer["height"])
        assert filled > 0.8 or tree["zoom"] > 1.95, (tree, outer)  # fills the panel, or the zoom's cap of 2
        sizes = view.evaluate("v => ['.ww-frontier-list', '.ww-code'].map((s) => "
                              "parseFloat(getComputedStyle(v.querySelector(s)).fontSize))")
        assert sizes[0] >= 16 and sizes[1] >= 18, sizes  # the list at 16 px keeps an A* entry on one line
        # Space plays at once: the Presentation button, just clicked, does not keep the focus (Space switched
        # presenting off again)
        step = kernel.value("tw.step")
        page.keyboard.press(" ")
        until(kernel, "tw.step", lambda v: v > step + 1)
        page.keyboard.press(" ")
        expect(view).to_have_class(re.compile("ww-present"))
        before = kernel.value("tw.step")
        view.locator("[data-legend]").click()  # focus the view, not a control
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        until(kernel, "tw.step", lambda v: v == before + 2)
        page.keyboard.press("Home")
        until(kernel, "tw.step", lambda v: v == 0)
        expect(view.get_by_role("button", name="Presentation")).to_have_attribute("aria-pressed", "true")
        page.keyboard.press("Escape")  # Escape leaves presentation mode, as a slide show does
        until(kernel, "tw.presentation", lambda v: v is False)
        expect(view).not_to_have_class(re.compile("ww-present"))

        # a narrow cell: the bar wraps, but a label stays beside its slider and − beside +, and the bare glyphs
        # say what they do on hover
        view.evaluate("v => { v.parentElement.style.width = '420px'; }")
        page.wait_for_timeout(200)
        rows = view.evaluate("""v => {
          const top = (n) => Math.round(n.getBoundingClientRect().top + n.getBoundingClientRect().height / 2);
          const q = (s) => v.querySelector(s);
          return { label: top(q('.ww-speed-label')), slider: top(q('.ww-speed')),
                   minus: top(q('[aria-label="Zoom out"]')), plus: top(q('[aria-label="Zoom in"]')) };
        }""")
        assert abs(rows["label"] - rows["slider"]) <= 4 and abs(rows["minus"] - rows["plus"]) <= 4, rows
        assert button("Step back").get_attribute("title") == "Step back"
        view.evaluate("v => { v.parentElement.style.width = ''; }")

        # two searches in lockstep under one control bar
        pair = page.locator(".ww-trace").nth(1)
        assert pair.locator(".ww-trace-panel").count() == 2
        for _ in range(3):
            button("Step forward", pair).click()
        until(kernel, "pair.step", lambda v: v == 3)
        assert kernel.value('[s.counts["expand"] for s in pair.states()]') == [3, 3]
        for counters in pair.locator(".ww-counters").all():
            expect(counters).to_contain_text("expanded 3")
        # as the pair steps, each panel keeps its current node in view (a DFS's was cut at the panel's edge), and
        # at the end the goal's label is whole (it read "go")
        cut = []
        for step in range(4, 45):
            button("Step forward", pair).click()
            page.wait_for_timeout(30)
            for side, one in enumerate(pair.locator(".ww-trace-panel").all()):
                node = one.locator('[data-node][data-current="true"]')
                if node.count() and not inside(node.bounding_box(), one.locator("[data-tree-panel]").bounding_box()):
                    cut.append((step, side))
        assert cut == []
        button("End", pair).click()
        page.wait_for_timeout(300)
        for one in pair.locator(".ww-trace-panel").all():
            label = one.locator(".ww-goal-label")
            if label.count():
                assert inside(label.bounding_box(), one.locator("svg.ww-tree").bounding_box())
                assert inside(label.bounding_box(), one.locator("[data-tree-panel]").bounding_box())
        # in a narrow cell the two searches stack, and their headings stay inside their panels (they overlapped)
        page.set_viewport_size({"width": 600, "height": 900})
        page.wait_for_timeout(400)
        first, second = (one.bounding_box() for one in pair.locator(".ww-trace-panel").all())
        assert second["y"] >= first["y"] + first["height"] - 1, (first, second)
        for one in pair.locator(".ww-trace-panel").all():
            assert inside(one.locator("h3").bounding_box(), one.bounding_box())
        page.set_viewport_size({"width": 1400, "height": 1000})

        # presenting the pair on a 1920 x 1080 screen: the whole view, down to the pseudo-code's current line, is
        # inside the notebook's visible part (it was 1,141 px tall, its code below the fold), and each list shows
        # whole rows (the 7th frontier row was cut through its text)
        page.set_viewport_size({"width": 1920, "height": 1080})
        button("Presentation", pair).click()
        until(kernel, "pair.presentation", lambda v: v is True)
        page.wait_for_timeout(600)
        seen = pair.evaluate(ON_SCREEN)
        assert seen["top"] >= seen["seenTop"] - 1 and seen["bottom"] <= seen["seenBottom"] + 1, seen
        assert len(seen["lines"]) == 2 and max(seen["lines"]) <= seen["seenBottom"], seen
        assert pair.evaluate(CUT_ROWS) == []
        assert all(len(one.locator(".ww-frontier-list li").all()) > 5 for one in pair.locator(".ww-trace-panel").all())
        for one in pair.locator(".ww-trace-panel").all():  # the trees are still large enough to read
            assert one.locator("[data-tree-panel]").bounding_box()["height"] >= 160
        assert page.evaluate("document.fullscreenElement?.classList.contains('ww-trace')")  # the button: full screen
        button("Presentation", pair).click()
        until(kernel, "pair.presentation", lambda v: v is False)
        assert page.evaluate("document.fullscreenElement") is None
        # switched on from Python, with no click to grant full screen: the pair presents in the page, and still fits
        # the notebook's visible part
        kernel.value("setattr(pair, 'presentation', True)")
        expect(pair).to_have_class(re.compile("ww-present"))
        page.wait_for_timeout(600)
        assert page.evaluate("document.fullscreenElement") is None
        seen = pair.evaluate(ON_SCREEN)
        assert seen["top"] >= seen["seenTop"] - 1 and seen["bottom"] <= seen["seenBottom"] + 1, seen
        assert len(seen["lines"]) == 2 and max(seen["lines"]) <= seen["seenBottom"], seen
        assert pair.evaluate(CUT_ROWS) == []
        kernel.value("setattr(pair, 'presentation', False)")
        expect(pair).not_to_have_class(re.compile("ww-present"))
        page.set_viewport_size({"width": 1400, "height": 1000})

        # another algorithm from the view: the kernel runs it and sends its trace
        view.get_by_label("Algorithm", exact=True).select_option("astar")
        view.get_by_label("Heuristic", exact=True).select_option("zero")
        button("Run search").click()
        until(kernel, "[t.algorithm for t in tw.searches]", lambda v: v == ["astar"])
        assert kernel.value('tw.searches[0].options["heuristic"]') == "zero"
        expect(view.locator(".ww-trace-panel h3")).to_contain_text("A* search")
        # the menus name the searches; the options' values are the engine's ids
        assert view.get_by_label("Algorithm", exact=True).locator("option[value=iddfs]").inner_text() == \
            "Iterative deepening search"

        # a depth limit from the bar: checked in the page (one sentence, nothing run), then run as asked (it ran 50)
        view.get_by_label("Algorithm", exact=True).select_option("depth-limited")
        limit = view.get_by_label("Depth limit", exact=True)
        expect(limit).to_be_visible()
        limit.fill("-1")
        button("Run search").click()
        expect(view.locator(".ww-run-status")).to_have_text("The depth limit must be a whole number from 0 to 200.")
        time.sleep(0.5)
        assert kernel.value("[t.algorithm for t in tw.searches]") == ["astar"]
        limit.fill("4")
        button("Run search").click()
        until(kernel, "[t.algorithm for t in tw.searches]", lambda v: v == ["depth-limited"])
        assert kernel.value('tw.searches[0].options["depth_limit"]') == 4
        expect(view.locator(".ww-trace-panel h3")).to_contain_text("Depth-limited search, limit 4")
        expect(view.locator('.ww-code [data-line="0"]')).to_have_text(
            "function DEPTH-LIMITED-SEARCH(problem, limit = 4)")

        # iterative deepening from the bar: at step 300 and at the end, the tree of the current pass (drawn from
        # its own root), its current node in view, and the board at that node (it showed one node and the start)
        view.get_by_label("Algorithm", exact=True).select_option("iddfs")
        view.get_by_label("Duplicate detection", exact=True).uncheck()  # iterative deepening's own default
        button("Run search").click()
        until(kernel, "[t.algorithm for t in tw.searches]", lambda v: v == ["iddfs"])
        for go in ("300", "End"):
            if go == "End":
                button("End").click()
                until(kernel, "tw.step", lambda v: v == kernel.value("tw.total"))
            else:
                kernel.value(f"tw.__setattr__('step', {go})")
            page.wait_for_timeout(400)
            current, root, moves = kernel.value("[tw.state().current, tw.state().root, len(tw.state().path)]")
            expect(view.locator(".ww-trace-board")).to_have_attribute("data-node", str(current))
            expect(view.locator(".ww-trace-board .ww-status")).to_contain_text(f"\u00b7 {moves} moves")
            assert root > 0 and view.locator(f'.ww-tree [data-node="{root}"]').count() == 1
            assert view.locator(".ww-tree [data-node]").count() > 10
            node = view.locator('.ww-tree [data-current="true"]')
            assert node.get_attribute("data-node") == str(current)
            assert inside(node.bounding_box(), panel.bounding_box())
            expect(view.locator(".ww-counters")).to_contain_text("depth limit")
        expect(view.locator(".ww-counters")).to_contain_text("goal reached in 7 moves")
        button("Fit").click()
        page.wait_for_timeout(300)
        outer = panel.bounding_box()
        assert all(inside(b, outer) for b in node_boxes(view))


def test_static_export_replays_without_a_kernel(tmp_path):
    """The exported page: view only (no Search again bar), steps and draws with no kernel, and hides cards."""
    from playwright.sync_api import sync_playwright

    import wispwidget as ww

    from .lab import CHROMIUM_ARGS

    start = ww.deal("micro-wisp", 1).position()
    page_file = ww.SearchTraceWidget([ww.trace(start, "bfs"), ww.trace(start, "dfs")]).to_html(tmp_path / "t.html")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.goto(page_file.as_uri())
        page.locator(".ww-trace-panel").first.wait_for()
        assert page.locator(".ww-runbar").count() == 0
        page.get_by_role("button", name="End", exact=True).click()
        for counters in page.locator(".ww-counters").all():
            expect(counters).to_contain_text("goal reached")
        assert page.locator('[data-card="hidden"]').count() == 0 or all(
            card.get_attribute("data-revealed") is None for card in page.locator('[data-card="hidden"]').all())
        browser.close()


def test_presenting_on_a_projector_shows_the_tree_and_the_current_line_of_code_together(tmp_path):
    """The exported page at a projector's 1280 x 720: Presentation switches on (it did nothing in an export), and
    the tree and the highlighted pseudo-code line are both inside the screen without scrolling."""
    from playwright.sync_api import sync_playwright

    import wispwidget as ww

    from .lab import CHROMIUM_ARGS

    start = ww.deal("micro-wisp", 1).position()
    widget = ww.SearchTraceWidget(ww.trace(start, "astar", "cards-left"))
    widget.step = widget.total // 2
    page_file = widget.to_html(tmp_path / "t.html")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        page.goto(page_file.as_uri())
        page.locator(".ww-trace-panel").first.wait_for()
        present = page.get_by_role("button", name="Presentation")
        present.click()
        expect(present).to_have_attribute("aria-pressed", "true")
        expect(page.locator(".ww-trace.ww-present")).to_have_count(1)
        page.wait_for_timeout(300)
        boxes = page.evaluate("""() => {
          const b = (s) => { const r = document.querySelector(s).getBoundingClientRect();
                             return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
          return {tree: b(".ww-tree-panel"), line: b('.ww-code li[aria-current="step"]'),
                  board: b(".ww-trace-board"),
                  card: document.querySelector(".ww-trace-board .ww-card").getBoundingClientRect().width,
                  size: parseFloat(getComputedStyle(document.querySelector(".ww-code")).fontSize)};
        }""")
        # the board's cards large enough for a class to read (they were 48 px wide in a 170 px column, beside an
        # empty stretch of its own column)
        assert boxes["card"] >= 64, boxes
        for name in ("tree", "line", "board"):
            box = boxes[name]
            assert box["top"] >= 0 and box["bottom"] <= 720 and box["left"] >= 0 and box["right"] <= 1280, boxes
        assert boxes["size"] >= 18, boxes  # large enough for the back row
        # the speed stays (a 45,880-step trace at its top speed took 13 minutes), and the bar keeps to one row
        expect(page.get_by_role("slider", name="Speed")).to_be_visible()
        rows = page.evaluate("""() => new Set([...document.querySelectorAll(".ww-trace .ww-toolbar > *")]
          .map((c) => { const r = c.getBoundingClientRect(); return Math.round((r.top + r.bottom) / 2 / 8); })).size""")
        assert rows == 1, rows
        page.keyboard.press("Escape")
        expect(present).to_have_attribute("aria-pressed", "false")
        browser.close()


def test_presenting_two_searches_keeps_each_list_and_its_pseudo_code_apart(tmp_path):
    """Two searches side by side at 1920 x 1080: in Presentation the frontier lay under the pseudo-code (their grid
    areas were the single search's), and an A* entry of the queue wraps onto no second line at 1280 x 720."""
    from playwright.sync_api import sync_playwright

    import wispwidget as ww

    from .lab import CHROMIUM_ARGS

    start = ww.deal("micro-wisp", 1).position()
    rules = {"relabel", "first-empty", "ace-to-foundation"}
    pair = ww.SearchTraceWidget([ww.trace(start, "bfs", dedupe=True, pruning=rules),
                                 ww.trace(start, "astar", "cards-left", dedupe=True, pruning=rules)],
                                lockstep="expansions")
    pair.step = 20
    one = ww.SearchTraceWidget(ww.trace(start, "astar", "cards-left", dedupe=True, pruning=rules))
    one.step = 15
    overlaps = """() => {
      const boxes = [...document.querySelectorAll(".ww-trace-panel")].flatMap((panel) =>
        [".ww-frontier-list", ".ww-code-box", ".ww-tree-panel", ".ww-path"].map((s) => panel.querySelector(s)));
      const hit = [];
      boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b) => {
        const p = a.getBoundingClientRect(), q = b.getBoundingClientRect();
        if (p.left < q.right - 1 && q.left < p.right - 1 && p.top < q.bottom - 1 && q.top < p.bottom - 1)
          hit.push([a.className, b.className]);
      }));
      return hit;
    }"""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS)
        for widget, size in ((pair, {"width": 1920, "height": 1080}), (one, {"width": 1280, "height": 720})):
            page = browser.new_page(viewport=size)
            page.goto(widget.to_html(tmp_path / f"{size['width']}.html").as_uri())
            page.locator(".ww-trace-panel").first.wait_for()
            page.get_by_role("button", name="Presentation").click()
            expect(page.locator(".ww-trace.ww-present")).to_have_count(1)
            page.wait_for_timeout(300)
            assert page.evaluate(overlaps) == []
            view = page.locator(".ww-trace")
            assert view.evaluate(CUT_ROWS) == []  # each list shows whole rows
            if widget is pair:  # the pair fits the screen: it was 1,141 px tall at 1920 x 1080
                seen = view.evaluate(ON_SCREEN)
                assert seen["height"] <= 1080 and seen["bottom"] <= 1080 and max(seen["lines"]) <= 1080, seen
            lines = page.evaluate("""() => [...document.querySelectorAll(".ww-frontier-list li")].map((li) => {
              const text = document.createRange();  // one box per line the entry's words are laid out on
              text.selectNodeContents(li);
              return new Set([...text.getClientRects()].map((r) => Math.round(r.top))).size;
            })""")
            assert lines and max(lines) == 1, lines
            page.close()
        browser.close()


def test_a_search_that_ends_without_a_goal_shows_its_tree_centred_on_the_root(tmp_path):
    """A depth-limited search cut off at depth 4 ended with its tree panned to where it last was, its right side
    cut off, until Fit was pressed. Back at the root, the view now centres it."""
    from playwright.sync_api import sync_playwright

    import wispwidget as ww

    from .lab import CHROMIUM_ARGS

    start = ww.deal("micro-wisp", 1).position()
    wide = ww.trace(start, "depth-limited", depth_limit=4, dedupe=False)  # a tree wider than its panel
    page_file = ww.SearchTraceWidget(wide).to_html(tmp_path / "t.html")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1000, "height": 800})
        page.goto(page_file.as_uri())
        page.locator(".ww-trace-panel").first.wait_for()
        page.get_by_role("button", name="End", exact=True).click()
        expect(page.locator(".ww-counters").first).to_contain_text("cut off at the depth limit 4")
        page.wait_for_timeout(200)
        panel = page.locator(".ww-tree-panel").first
        tree = panel.evaluate("p => ({middle: p.getBoundingClientRect().left + p.clientLeft + p.clientWidth / 2, "
                              "wide: p.scrollWidth > p.clientWidth, left: p.scrollLeft, "
                              "most: p.scrollWidth - p.clientWidth})")
        root = page.locator('.ww-tree-panel [data-node="0"]').first.bounding_box()
        assert tree["wide"]  # wider than the panel: where it is panned matters
        off = root["x"] + root["width"] / 2 - tree["middle"]  # from the middle of the panel's inside
        # centred, or as near as the scroll goes (the root right of the tree's middle: scrolled to its end)
        assert abs(off) < 6 or (off > 0 and abs(tree["left"] - tree["most"]) < 1), (root, tree)
        assert tree["left"] > 0  # not left where the search last was (at its left, the deepest nodes tried first)
        browser.close()


def test_fit_shows_a_wide_shallow_tree_filling_its_panel(tmp_path):
    """Iterative deepening's last pass (432 leaves, seven rows) fitted by its width alone was a strip 38 px tall at
    the top of a 342 px panel, its levels a few pixels apart. Fit now spaces the rows out: the tree fills the
    panel's width and height, every node inside it, and the levels are far enough apart to tell."""
    import wispwidget as ww

    start = ww.deal("micro-wisp", 1).position()
    with exported(tmp_path, ww.SearchTraceWidget(ww.trace(start, "iddfs"))) as page:
        inner = fitted_at_end(page, "depth limit 7")
        svg = page.locator(".ww-tree-panel").first.locator("svg").bounding_box()
        assert svg["width"] >= 0.9 * inner["width"] and svg["height"] >= 0.8 * inner["height"], (svg, inner)
        boxes = node_boxes(page.locator(".ww-trace-panel").first)
        assert len(boxes) > 700
        assert all(inside(box, inner) for box in boxes)
        rows = sorted({round(box["y"] + box["height"] / 2) for box in boxes})
        levels = [rows[0]] + [y for a, y in pairwise(rows) if y - a > 10]
        assert len(levels) >= 8 and min(b - a for a, b in pairwise(levels)) > 25, levels  # rows 25+ px apart


# Each edge's width on screen (px), each node's box, and the nodes of its row beside it, in the view's first tree.
DRAWN = """panel => {
  const svg = panel.querySelector('svg.ww-tree'), box = svg.getBoundingClientRect();
  const scale = box.width / svg.viewBox.baseVal.width;  // screen px per SVG unit
  const onScreen = (e) => { const s = getComputedStyle(e);
    return parseFloat(s.strokeWidth) * (s.vectorEffect === 'non-scaling-stroke' ? 1 : scale); };
  const edges = [...svg.querySelectorAll('.ww-edge')].map((e) => ({width: onScreen(e),
    solution: e.classList.contains('ww-solution')}));
  const nodes = [...svg.querySelectorAll('[data-node]')].map((n) => { const r = n.getBoundingClientRect();
    return {x: r.x + r.width / 2, y: Math.round(r.y + r.height / 2), size: r.width,
            cluster: Number(n.getAttribute('r')) < 3, marked: n.matches('[data-current], [data-goal]')}; });
  return {scale, edges, nodes};
}"""


def row_room(nodes):
    """Each node (not in a cluster) with the distance on screen to its nearest neighbour in its row."""
    main = [n for n in nodes if not n["cluster"]]
    rows: dict[int, list[dict]] = {}
    for n in main:
        rows.setdefault(n["y"], []).append(n)
    out = []
    for row in rows.values():
        row.sort(key=lambda n: n["x"])
        for i, n in enumerate(row):
            gaps = [abs(n["x"] - m["x"]) for m in row[max(0, i - 1):i + 2] if m is not n]
            out.append((n, min(gaps, default=float("inf"))))
    return out


def test_a_big_tree_fitted_keeps_visible_edges_and_dots(tmp_path):
    """Iterative deepening's last pass fitted at zoom 0.13: its edges were hairlines (0.16 px), its solution path a
    faint green line (0.46 px) and its nodes 1.3 px specks. Edges keep a width on screen at any zoom, the solution
    path clearly thicker, and each node is a dot at least 5 px across wherever its row leaves it room."""
    import wispwidget as ww

    start = ww.deal("micro-wisp", 1).position()
    with exported(tmp_path, ww.SearchTraceWidget(ww.trace(start, "iddfs"))) as page:
        fitted_at_end(page)
        drawn = page.locator(".ww-tree-panel").first.evaluate(DRAWN)
        assert drawn["scale"] < 0.2, drawn["scale"]  # zoomed far out: the case in hand
        plain = [e["width"] for e in drawn["edges"] if not e["solution"]]
        path = [e["width"] for e in drawn["edges"] if e["solution"]]
        assert len(path) == 7 and min(plain) >= 1.0 and min(path) >= 3.0, (min(plain), path)
        assert min(path) >= 2.5 * max(plain)  # the solution path stands out
        roomy = [(n, gap) for n, gap in row_room(drawn["nodes"]) if gap >= 10]
        assert len(roomy) > 50
        assert all(n["size"] >= 5 for n, _ in roomy), sorted(n["size"] for n, _ in roomy)[:5]
        # dots never overlap in a row, but for the current node (here the goal), a dot whatever its room
        assert all(n["size"] <= gap + 0.5 for n, gap in row_room(drawn["nodes"]) if not n["marked"])
        assert [n["size"] >= 5 for n in drawn["nodes"] if n["marked"]] == [True]
        # zoomed in from there, the lines grow with the tree again
        for _ in range(12):
            page.get_by_role("button", name="Zoom in").click()
        zoomed = page.locator(".ww-tree-panel").first.evaluate(DRAWN)
        assert zoomed["scale"] > 1.5 and min(e["width"] for e in zoomed["edges"]) >= 1.2 * zoomed["scale"] - 0.01


def test_fit_spreads_a_deep_narrow_tree_across_its_panel(tmp_path):
    """A depth-first search 25 moves deep, fitted by its height, was a thin vertical streak in the middle of its panel:
    its columns are now spaced out so it fills the panel's width as well as its height."""
    import wispwidget as ww

    start = ww.deal("micro-wisp", 1).position()
    with exported(tmp_path, ww.SearchTraceWidget(ww.trace(start, "dfs"))) as page:
        inner = fitted_at_end(page, "goal reached in 25 moves")
        boxes = node_boxes(page.locator(".ww-trace-panel").first)
        assert all(inside(box, inner) for box in boxes)
        across = max(b["x"] + b["width"] for b in boxes) - min(b["x"] for b in boxes)
        down = max(b["y"] + b["height"] for b in boxes) - min(b["y"] for b in boxes)
        assert across >= 0.75 * inner["width"] and down >= 0.75 * inner["height"], (across, down, inner)


PROJECTOR = """import wispwidget as ww
start = ww.deal("micro-wisp", 1).position()
one = ww.SearchTraceWidget(ww.trace(start, "astar", "cards-left"))
one.step = 30
one"""
PROJECTOR_PAIR = """pair = ww.SearchTraceWidget([ww.trace(start, "bfs"), ww.trace(start, "dfs")], lockstep="expansions")
pair.step = 8
pair"""
# What must be on screen presenting, per panel: the tree, the pseudo-code's current line, the frontier's box and its
# first rows; and whether the view scrolls inside (it must not).
PRESENTED = """v => {
  const b = (e) => { const r = e.getBoundingClientRect();
                     return {x: r.left, y: r.top, width: r.width, height: r.height}; };
  return {full: document.fullscreenElement === v, scrolls: v.scrollHeight > v.clientHeight + 1,
    panels: [...v.querySelectorAll('.ww-trace-panel')].map((p) => ({
      tree: b(p.querySelector('.ww-tree-panel')), line: b(p.querySelector('.ww-code li[aria-current="step"]')),
      frontier: b(p.querySelector('.ww-frontier-list')),
      rows: [...p.querySelectorAll('.ww-frontier-list li')].slice(0, 3).map(b)}))};
}"""
# The path box: the box, where its words "path:" and its "earlier moves" note are drawn, whether it overflows, its text.
PATHS = """v => [...v.querySelectorAll('.ww-path')].map((p) => {
  const b = (r) => r && {x: r.left, y: r.top, width: r.width, height: r.height};
  const words = (text) => {  // the box the first `text` in the path box is drawn in
    const walk = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const at = n.data.indexOf(text);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(n, at);
      range.setEnd(n, at + text.length);
      return b(range.getBoundingClientRect());
    }
    return null;
  };
  return {box: b(p.getBoundingClientRect()), label: words('path:'), earlier: words('earlier move'),
          over: p.scrollHeight > p.clientHeight + 1, text: p.textContent, hidden: Number(p.dataset.hiddenMoves ?? 0)};
})"""


def check_paths(paths, lengths):
    """Each path box reads from its label: the label, then how many earlier moves are left out (if any), then the
    latest moves, all inside the box, nothing overflowing it."""
    assert [p["text"].startswith("path: ") for p in paths] == [True] * len(paths), paths
    for p, length in zip(paths, lengths, strict=True):
        assert not p["over"] and inside(p["label"], p["box"]), p
        shown_moves = p["text"].removeprefix("path: ").split(", ")
        if p["hidden"]:
            assert shown_moves[0] == f"\u2026 {p['hidden']} earlier moves", p
            assert inside(p["earlier"], p["box"]), p
            assert p["hidden"] + len(shown_moves) - 1 == length, (p, length)
        else:
            assert len(shown_moves) == length, (p, length)


def test_presenting_a_pair_shows_where_each_path_starts(tmp_path):
    """Presenting two searches, a path box keeps two lines: the depth-first path (25 moves) was scrolled to its end,
    its "path:" label and first moves hidden with no sign. It now reads from its label, says how many earlier moves it
    leaves out, then shows the latest ones; in full screen (the button) and in the page (presenting switched on from
    Python, which the browser grants no full screen)."""
    from playwright.sync_api import sync_playwright

    import wispwidget as ww

    from .lab import CHROMIUM_ARGS

    start = ww.deal("micro-wisp", 1).position()
    pair = ww.SearchTraceWidget([ww.trace(start, "bfs"), ww.trace(start, "dfs")], lockstep="expansions")
    pair.step = pair.total
    lengths = [len(s.path) for s in pair.states()]
    assert lengths == [7, 25]
    clicked = pair.to_html(tmp_path / "clicked.html")
    pair.presentation = True
    in_page = pair.to_html(tmp_path / "in_page.html")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS)
        for page_file in (clicked, in_page):
            page = browser.new_page(viewport={"width": 1920, "height": 1080})
            page.goto(page_file.as_uri())
            view = page.locator(".ww-trace")
            view.locator(".ww-trace-panel").first.wait_for()
            if page_file == clicked:
                page.get_by_role("button", name="Presentation").click()
            expect(view).to_have_class(re.compile("ww-present"))
            page.wait_for_timeout(400)
            paths = view.evaluate(PATHS)
            check_paths(paths, lengths)
            assert paths[1]["hidden"] > 0 and paths[1]["box"]["height"] < 60, paths  # two lines: some left out
            assert page.evaluate("document.fullscreenElement !== null") == (page_file == clicked)
            page.close()
        browser.close()


def test_presenting_in_jupyterlab_on_a_projector_fits_the_screen(tmp_path):
    """In JupyterLab at 1280 x 720, its bars and its file browser take room: presenting, the pseudo-code's current line
    and the frontier fell below the screen (one search, and two side by side). Presentation now shows the view full
    screen: the tree, the current line and the frontier's first rows are all on screen, with nothing to scroll; the
    deep, narrow depth-first tree spreads across its panel; the pair's path boxes keep their label and say how many
    earlier moves they leave out (the box was scrolled to its end); Escape leaves full screen and presenting."""
    screen = {"x": 0, "y": 0, "width": 1280, "height": 720}
    with lab_page([PROJECTOR, PROJECTOR_PAIR], name="projector.ipynb", wait_for=".ww-trace-panel",
                  viewport={"width": 1280, "height": 720}) as (page, kernel, _lab):
        page.locator(".ww-trace").nth(1).wait_for()
        for nth, name in ((0, "one"), (1, "pair")):
            view = page.locator(".ww-trace").nth(nth)
            present = view.get_by_role("button", name="Presentation", exact=True)
            present.click()
            until(kernel, f"{name}.presentation", lambda v: v is True)
            page.wait_for_timeout(800)
            for when in ("start", "end"):
                if when == "end":
                    page.keyboard.press("End")
                    until(kernel, f"{name}.step", lambda v, name=name: v == kernel.value(f"{name}.total"))
                    page.wait_for_timeout(600)
                shown = view.evaluate(PRESENTED)
                for panel in shown["panels"]:
                    for part in ("tree", "line", "frontier"):
                        assert inside(panel[part], screen), (name, when, part, panel)
                    assert len(panel["rows"]) == 3 and all(inside(r, panel["frontier"]) for r in panel["rows"]), panel
                    assert panel["tree"]["height"] >= 160, panel
                assert not shown["scrolls"] and shown["full"], (name, when, shown)  # full screen, nothing to scroll
            if name == "pair":
                # the deep, narrow depth-first tree, fitted, spreads across its panel (it was a thin streak)
                dfs = view.locator(".ww-trace-panel").nth(1)
                inner = dfs.locator(".ww-tree-panel").bounding_box()
                boxes = node_boxes(dfs)
                across = max(b["x"] + b["width"] for b in boxes) - min(b["x"] for b in boxes)
                assert across >= 0.7 * inner["width"], (across, inner)
                # each path box reads from its label: the label, then how many earlier moves are left out, then the
                # latest moves, all inside the box
                paths = view.evaluate(PATHS)
                check_paths(paths, kernel.value("[len(s.path) for s in pair.states()]"))
                assert paths[1]["hidden"] > 0, paths  # the depth-first path, 25 moves, is too long for two lines
            page.keyboard.press("Escape")  # leaves full screen and presenting
            until(kernel, f"{name}.presentation", lambda v: v is False)
            expect(view).not_to_have_class(re.compile("ww-present"))
            assert page.evaluate("document.fullscreenElement") is None
