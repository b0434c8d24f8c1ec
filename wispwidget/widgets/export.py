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
