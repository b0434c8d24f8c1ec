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
  set: () => {{}}, save_changes: () => {{}}, send: () => {{}},
  on: (name, fn) => {{ (listeners[name] ||= []).push(fn); }},
  off: () => {{}},
}};
widget.render({{ model, el: document.getElementById("table") }});
</script></body></html>
"""


def table_html(table_state: dict[str, Any], *, title: str = "wispwidget", traits: dict[str, Any] | None = None) -> str:
    """The page: the widget's own bundle and CSS inlined, with a read-only model holding the state."""
    esm = json.dumps((STATIC / "table.js").read_text(encoding="utf-8")).replace("</", "<\\/")
    state = {"table": table_state, "status": "", "verdict": "", "message": {}, "hint_move": {}, "games": [],
             "busy": False, "view_only": True, **(traits or {})}
    return PAGE.format(title=html.escape(title), css=(STATIC / "table.css").read_text(encoding="utf-8"), esm=esm,
                       state=json.dumps(state).replace("</", "<\\/"))
