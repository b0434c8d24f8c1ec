"""Static export: a self-contained page that draws a table with no kernel (view only)."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

STATIC = Path(__file__).resolve().parent.parent / "static"

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>{css}</style></head>
<body><div id="table"></div>
<script type="module">
const source = {esm};
const widget = (await import(URL.createObjectURL(new Blob([source], {{type: "text/javascript"}})))).default;
const state = {state};
const listeners = {{}};
const model = {{
  get: (name) => state[name],
  set: (name, value) => {{ state[name] = value; (listeners["change:" + name] || []).forEach((fn) => fn()); }},
  save_changes: () => {{}}, send: () => {{}},
  on: (name, fn) => {{ (listeners[name] ||= []).push(fn); }},
  off: () => {{}},
}};
widget.render({{ model, el: document.getElementById("table") }});
</script></body></html>
"""


def widget_html(bundle: str, traits: dict[str, Any], *, title: str = "wispwidget") -> str:
    """A page: the widget's own bundle and CSS inlined, with a read-only model holding ``traits``."""
    esm = json.dumps((STATIC / bundle).read_text(encoding="utf-8")).replace("</", "<\\/")
    return PAGE.format(title=html.escape(title), css=(STATIC / "table.css").read_text(encoding="utf-8"), esm=esm,
                       state=json.dumps(traits).replace("</", "<\\/"))


def table_html(table_state: dict[str, Any], *, title: str = "wispwidget") -> str:
    """A view-only page of one table position."""
    traits = {"table": table_state, "status": "", "verdict": "", "message": {}, "hint_move": {}, "games": [],
              "busy": False, "view_only": True}
    return widget_html("table.js", traits, title=title)


# -- search traces as SVG frames, for slides ----------------------------------------------------

# The trace view's legend colours (js/trace/style.ts, its light theme's --ww-t-* values; a test keeps them the same)
# and the legend's words, in its order.
STATE_COLOURS = {"frontier": "#64b5f6", "explored": "#bdbdbd", "current": "#ff9800", "pruned": "#e53935",
                 "duplicate": "#ce93d8", "solution": "#43a047"}
LEGEND = (("frontier", "frontier"), ("explored", "explored"), ("current", "current node"), ("pruned", "pruned"),
          ("duplicate", "duplicate"), ("solution", "solution path / goal"))
STACK_SEARCHES = ("dfs", "depth-limited", "iddfs")  # they hold a stack, and the view counts it: "stack N"
UNREACHED = "#ffffff"  # the root before the search puts it on the frontier: drawn unfilled, as the view draws it


def trace_svg(trace, k: int) -> str:
    """The search tree after the first ``k`` events as a standalone SVG, in the trace view's legend colours, with
    the legend and the counters as a caption. Iterative deepening shows the tree of its current pass."""
    from ..search.algorithms import algorithm_name
    from ..search.trace import DUPLICATE, GENERATE, ITERATION, NO, PRUNE

    state = trace.state_at(k)
    parents: dict[int, int] = {}
    for event in trace.events[:k]:
        if event[0] == ITERATION:  # an iteration of iterative deepening starts a new tree
            parents.clear()
        elif event[0] in (GENERATE, DUPLICATE, PRUNE) and event[2] != NO:
            parents[event[1]] = event[2]
    root = state.root if state.root != NO else 0
    children: dict[int, list[int]] = {}
    for node, parent in parents.items():
        children.setdefault(parent, []).append(node)
    x: dict[int, float] = {}
    y: dict[int, int] = {}
    leaves = 0
    stack: list[tuple[int, int, bool]] = [(root, 0, False)]
    while stack:  # leaves left to right, each parent over its children
        node, depth, done = stack.pop()
        kids = children.get(node, [])
        if done:
            x[node] = (x[kids[0]] + x[kids[-1]]) / 2
            continue
        y[node] = depth
        if not kids:
            x[node], leaves = leaves, leaves + 1
            continue
        stack.append((node, depth, True))
        stack.extend((kid, depth + 1, False) for kid in reversed(kids))
    solution = set()
    if state.goal != NO:
        node = state.goal
        while node != NO:
            solution.add(node)
            node = parents.get(node, NO)

    def kind(node: int) -> str:  # as the view's nodeState (js/trace/tree.ts) says
        if node == root and not state.root_reached:
            return "unreached"
        if node in solution:
            return "solution"
        if node == state.current:
            return "current"
        for name, nodes in (("pruned", state.pruned), ("duplicate", state.duplicates),
                            ("explored", state.explored)):
            if node in nodes:
                return name
        return "frontier"

    name = algorithm_name(trace.algorithm, trace.options)
    counts = state.counts
    iddfs = trace.algorithm == "iddfs"
    bits = [name, f"step {k}/{len(trace)}"]
    if iddfs and state.limit is not None:
        bits.append(f"depth limit {state.limit}")
    bits += [f"expanded {counts['expand']}" + (" (all passes)" if iddfs else ""), f"generated {counts['generate']}",
             f"stack {len(state.stack)}" if trace.algorithm in STACK_SEARCHES else f"frontier {len(state.frontier)}"]
    if state.goal != NO:
        bits.append("goal reached")
    caption = " · ".join(bits)
    gap, row = 18, 34
    legend_width = 10 + sum(22 + 7 * len(words) for _, words in LEGEND)
    width = max(max(1, leaves) * gap + 20, legend_width, 20 + 7 * len(caption))
    height = (max(y.values(), default=0) + 1) * row + 66
    offset = (width - (max(1, leaves) * gap + 20)) / 2  # the tree centred over the legend and caption
    at = {n: (10 + offset + x[n] * gap + gap / 2, 14 + y[n] * row) for n in x}
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height}" width="{width:.0f}" '
             f'height="{height}" font-family="sans-serif">', '<rect width="100%" height="100%" fill="white"/>']
    for node, parent in parents.items():
        if node in at and parent in at:
            on_path = node in solution
            parts.append(f'<line x1="{at[parent][0]:.1f}" y1="{at[parent][1]}" x2="{at[node][0]:.1f}" '
                         f'y2="{at[node][1]}" stroke="{STATE_COLOURS["solution"] if on_path else "#9e9e9e"}" '
                         f'stroke-width="{3.5 if on_path else 1.2}"/>')
    for node, (cx, cy) in at.items():
        state_name = kind(node)
        fill = UNREACHED if state_name == "unreached" else STATE_COLOURS[state_name]
        ring = ' stroke="#e65100" stroke-width="3"' if node == state.current else ' stroke="#424242" stroke-width="1"'
        parts.append(f'<circle cx="{cx:.1f}" cy="{cy}" r="6" fill="{fill}"{ring} data-node="{node}" '
                     f'data-state="{state_name}"/>')
    legend_y = height - 40
    parts.append(f'<g data-legend="true" font-size="12" transform="translate(10 {legend_y})">')
    left = 0
    for state_name, words in LEGEND:
        parts.append(f'<circle cx="{left + 6}" cy="0" r="6" fill="{STATE_COLOURS[state_name]}" stroke="#555" '
                     f'stroke-width="1" data-legend-item="{state_name}"/>'
                     f'<text x="{left + 16}" y="4">{html.escape(words)}</text>')
        left += 22 + 7 * len(words)
    parts.append("</g>")
    parts.append(f'<text x="10" y="{height - 12}" font-size="13">{html.escape(caption)}</text></svg>')
    return "\n".join(parts)
