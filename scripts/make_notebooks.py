"""Build and execute the tutorials: ``notebooks/NN-name.py`` (jupytext, percent format) → ``NN-name.ipynb``.

Run: ``python scripts/make_notebooks.py [NN-name ...]`` after changing a tutorial's ``.py`` source; the outputs
written are what nbval checks. The ``.py`` files are the sources (ruff checks them; ``tests/test_notebooks.py``
checks every ``.ipynb`` is current). In Jupyter, with jupytext installed, opening the ``.ipynb`` keeps both files
in step (``formats: ipynb,py:percent``). Cells whose output varies from run to run (timings, plots) carry
the ``nbval-ignore-output`` tag (``# %% tags=["nbval-ignore-output"]``: out of the reader's way); everything else
is compared strictly by ``pytest --nbval notebooks/``.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import jupytext
import nbformat
from nbclient import NotebookClient

HERE = Path(__file__).resolve().parent.parent / "notebooks"
KERNEL = {"kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"},
          "language_info": {"name": "python"}}


def sources() -> list[Path]:
    """Every tutorial source, in order."""
    return sorted(HERE.glob("[0-9][0-9]-*.py"))


def notebook_of(source: Path) -> nbformat.NotebookNode:
    """The unexecuted notebook of a source: its cells with stable ids, the kernel in its metadata."""
    nb = jupytext.read(source)
    nb.metadata.update(KERNEL)
    nb.metadata["jupytext"] = {"formats": "ipynb,py:percent"}
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"{source.stem}-{i}"
        cell.metadata.pop("lines_to_next_cell", None)
    return nb


def build(source: Path) -> None:
    """Execute one tutorial and write its ``.ipynb``."""
    nb = notebook_of(source)
    with tempfile.TemporaryDirectory() as data:  # a new player's statistics, not this machine's, in the saved state
        os.environ["WISPWIDGET_DATA_DIR"] = data  # the kernel inherits it
        NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(HERE)}}).execute()
    nbformat.write(nb, source.with_suffix(".ipynb"))
    print("wrote", source.with_suffix(".ipynb").name)


if __name__ == "__main__":
    wanted = set(sys.argv[1:])
    for path in sources():
        if not wanted or path.stem in wanted:
            build(path)
