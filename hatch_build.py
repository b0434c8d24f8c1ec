"""Build hook: compile the C solver core into the package when it is installed.

A plain ``pip install`` (editable or not) runs this. Without a C compiler the
build still succeeds; the solver then compiles on first use or falls back to
pure Python (``wispwidget/search/native.py``).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CustomBuildHook(BuildHookInterface):
    """Compile ``wispwidget/_native/wispsolve.c`` next to its source."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        if self.target_name not in ("wheel",):
            return
        root = Path(self.root)
        helper = root / "wispwidget" / "search" / "_build.py"
        spec = importlib.util.spec_from_file_location("_wisp_native_build", helper)
        module = importlib.util.module_from_spec(spec)
        assert spec.loader is not None
        spec.loader.exec_module(module)
        try:
            target = module.compile_core(root / "wispwidget" / "_native")
        except Exception as exc:  # no compiler: a pure-Python install, said out loud
            print(f"wispwidget: C solver core not compiled ({exc}); it will compile on first use if it can",
                  file=sys.stderr)
            return
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        build_data.setdefault("artifacts", []).append(str(target.relative_to(root)))
