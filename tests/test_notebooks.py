"""The tutorials' ``.py`` sources and their executed ``.ipynb`` say the same (run scripts/make_notebooks.py)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import nbformat
import pytest

jupytext = pytest.importorskip("jupytext")

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("make_notebooks", ROOT / "scripts" / "make_notebooks.py")
make_notebooks = importlib.util.module_from_spec(spec)
spec.loader.exec_module(make_notebooks)
SOURCES = make_notebooks.sources()


def test_every_tutorial_has_a_source_and_a_notebook():
    notebooks = sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
    assert [p.stem for p in SOURCES] == [p.stem for p in notebooks] and len(SOURCES) >= 7


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_notebook_is_built_from_its_current_source(source):
    built = nbformat.read(source.with_suffix(".ipynb"), as_version=4)
    wanted = make_notebooks.notebook_of(source)
    assert [(c.cell_type, c.source) for c in built.cells] == [(c.cell_type, c.source) for c in wanted.cells], \
        f"{source.name} changed: run python scripts/make_notebooks.py {source.stem}"
    assert built.metadata["kernelspec"]["name"] == "python3"
