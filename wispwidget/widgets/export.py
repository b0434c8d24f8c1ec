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

STATE_COLOURS = {"frontier": "#1e88e5", "explored": "#9e9e9e", "current": "#fb8c00", "pruned": "#e53935",
                 "duplicate": "#bdbdbd", "solution": "#43a047"}


def trace_svg(trace, k: int) -> str:
    """The search tree after the first ``k`` events as a standalone SVG (the colours of the trace view's legend)."""
    from ..search.trace import NO

    state = trace.state_at(k)
    parents: dict[int, int] = {}
    for event in trace.events[:k]:
        if event[0] == 6:  # an iteration of iterative deepening starts a new tree
            parents.clear()
        elif event[0] in (0, 2, 3) and event[2] != NO:
            parents[event[1]] = event[2]
    children: dict[int, list[int]] = {}
    for node, parent in parents.items():
        children.setdefault(parent, []).append(node)
    x: dict[int, float] = {}
    y: dict[int, int] = {}
    leaves = 0
    stack: list[tuple[int, int, bool]] = [(0, 0, False)]
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

    def kind(node: int) -> str:
        if node == state.current:
            return "current"
        if node in solution:
            return "solution"
        for name, nodes in (("pruned", state.pruned), ("duplicate", state.duplicates),
                            ("explored", state.explored), ("frontier", state.frontier)):
            if node in nodes:
                return name
        return "explored"

    gap, row = 18, 34
    width, height = max(1, leaves) * gap + 20, (max(y.values(), default=0) + 1) * row + 50
    at = {n: (10 + x[n] * gap + gap / 2, 14 + y[n] * row) for n in x}
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height}" width="{width:.0f}" '
             f'height="{height}" font-family="sans-serif">', '<rect width="100%" height="100%" fill="white"/>']
    for node, parent in parents.items():
        if node in at and parent in at:
            colour = STATE_COLOURS["solution"] if node in solution else "#bbb"
            parts.append(f'<line x1="{at[parent][0]:.1f}" y1="{at[parent][1]}" x2="{at[node][0]:.1f}" '
                         f'y2="{at[node][1]}" stroke="{colour}" stroke-width="1.5"/>')
    for node, (cx, cy) in at.items():
        state_name = kind(node)
        parts.append(f'<circle cx="{cx:.1f}" cy="{cy}" r="6" fill="{STATE_COLOURS[state_name]}" '
                     f'data-node="{node}" data-state="{state_name}"/>')
    counts = state.counts
    caption = (f"{html.escape(trace.algorithm)} · step {k}/{len(trace)} · expanded {counts['expand']} · "
               f"generated {counts['generate']} · frontier {len(state.frontier)}" +
               (" · goal reached" if state.goal != NO else ""))
    parts.append(f'<text x="10" y="{height - 12}" font-size="13">{caption}</text></svg>')
    return "\n".join(parts)
