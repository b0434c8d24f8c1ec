"""The layers of docs/architecture.md, enforced by import-linter; the doc is checked against the contract."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib")

ROOT = Path(__file__).resolve().parent.parent
LINT = shutil.which("lint-imports")
pytestmark = pytest.mark.skipif(LINT is None, reason="import-linter is not installed")


def contract_layers() -> list[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    (contract,) = config["tool"]["importlinter"]["contracts"]
    return contract["layers"]


def run_linter(root: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(root))
    return subprocess.run([LINT, "--no-cache", "--config", str(root / "pyproject.toml")], cwd=root, env=env,
                          capture_output=True, text=True, timeout=120)


def test_the_package_keeps_its_layers():
    result = run_linter(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 kept, 0 broken" in result.stdout


def test_a_lower_layer_importing_a_higher_one_breaks_the_contract(tmp_path):
    shutil.copytree(ROOT / "wispwidget", tmp_path / "wispwidget",
                    ignore=shutil.ignore_patterns("*.so", "static", "__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    perft = tmp_path / "wispwidget" / "engine" / "perft.py"
    perft.write_text(perft.read_text() + "\nfrom ..studies import winnable  # noqa: E402,F401\n")
    result = run_linter(tmp_path)
    assert result.returncode != 0
    assert "wispwidget.engine.perft -> wispwidget.studies.winnable" in result.stdout


def test_architecture_doc_lists_the_contract_layers_top_down():
    doc = (ROOT / "docs" / "architecture.md").read_text()
    block = doc.split("<!-- layers -->")[1].split("<!-- /layers -->")[0]
    listed = [re.sub(r"\s+", " ", line.split("#")[0]).strip() for line in block.strip("`\n").splitlines()]
    listed = [line for line in listed if line and not line.startswith("```")]
    assert listed == contract_layers(), "docs/architecture.md's layer list differs from pyproject.toml's contract"



def test_the_solver_page_s_soundness_table_is_the_one_soundness_py_makes():
    """docs/solver.md shows which pruning rules hold for each game: ``soundness_table`` of those games, so a rule
    added to or changed in games/soundness.py cannot leave the page behind."""
    from wispwidget import get_game
    from wispwidget.games.soundness import soundness_table

    doc = (ROOT / "docs" / "solver.md").read_text()
    block = doc.split("<!-- soundness -->")[1].split("<!-- /soundness -->")[0].strip()
    keys = [line.split("|")[1].strip() for line in block.splitlines()[2:]]
    assert block == soundness_table([get_game(*key.split("/")) for key in keys])
    assert {"waxing-moon/standard", "will-o-the-wisp/standard", "black-widow/standard"} <= set(keys)


def test_the_winnability_page_s_table_is_the_recorded_verdicts():
    """docs/winnability.md's table is ``benchmarks/winnability.py``'s, made from benchmarks/expected/verdicts.json."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("winnability", ROOT / "benchmarks" / "winnability.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    doc = (ROOT / "docs" / "winnability.md").read_text()
    block = doc.split("<!-- winnability -->")[1].split("<!-- /winnability -->")[0].strip()
    assert block == module.table(json.loads(module.EXPECTED.read_text()))
