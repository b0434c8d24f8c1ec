"""Every Python example in README.md and docs/*.md runs, and what it prints is what the page shows.

In each page the ```python blocks run in order in one namespace (as a reader would type them into one
notebook), in a scratch folder. A ```python block followed by a ```text block must print exactly that text.
Every ```json block of docs/formats.md is a document of the format it names, read by the project's own
readers (a position, a solution, a move...), so the reference cannot drift from the code.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```\s*$", re.S | re.M)


def blocks(page: Path) -> list[tuple[str, str, int]]:
    """The fenced blocks of a page: (language, code, line number)."""
    text = page.read_text(encoding="utf-8")
    return [(m.group(1), m.group(2), text[:m.start()].count("\n") + 1) for m in FENCE.finditer(text)]


def examples(page: Path) -> list[tuple[str, str | None, int]]:
    """Each Python block with the text block that shows its output (or None)."""
    found = blocks(page)
    out = []
    for i, (language, code, line) in enumerate(found):
        if language != "python":
            continue
        shown = found[i + 1][1] if i + 1 < len(found) and found[i + 1][0] == "text" else None
        out.append((code, shown, line))
    return out


PYTHON_PAGES = [page for page in PAGES if examples(page)]


@pytest.mark.parametrize("page", PYTHON_PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_the_python_examples_of_a_page_run_and_print_what_it_shows(page, tmp_path, monkeypatch):
    from wispwidget.games.catalogue import CATALOGUE

    monkeypatch.chdir(tmp_path)
    saved = dict(CATALOGUE)  # a page may register a variant: the catalogue is put back after it
    try:
        run_page(page)
    finally:
        CATALOGUE.clear()
        CATALOGUE.update(saved)


def run_page(page: Path) -> None:
    """Run a page's Python examples in one namespace; fail on an exception or a printed text that differs."""
    namespace: dict = {"__name__": "__main__"}
    for code, shown, line in examples(page):
        printed = io.StringIO()
        try:
            with contextlib.redirect_stdout(printed):
                exec(compile(code, f"{page.name}:{line}", "exec"), namespace)
        except Exception as exc:
            pytest.fail(f"{page.name}, the example at line {line} raised {type(exc).__name__}: {exc}")
        if shown is not None:
            assert printed.getvalue().strip() == shown.strip(), f"{page.name}: the example at line {line}"
    widget = namespace.get("w")
    if widget is not None and hasattr(widget, "stop"):
        widget.stop()


def test_the_readme_first_example_shows_a_table():
    import wispwidget as ww

    (first, _, _) = examples(ROOT / "README.md")[0]
    namespace: dict = {}
    *body, last = [line for line in first.strip().splitlines() if line.strip()]
    exec("\n".join(body), namespace)
    shown = eval(last.split("#")[0], namespace)
    assert isinstance(shown, ww.TableWidget) and hasattr(shown, "_repr_mimebundle_")
    shown.stop()


def test_a_broken_example_fails_the_test(tmp_path, monkeypatch):
    page = tmp_path / "broken.md"
    page.write_text("```python\nimport wispwidget as ww\nw = ww.play('will-o-the-wisp', seed=7)\n"
                    "w.move('t0', 't3')\n```\n")
    with pytest.raises(pytest.fail.Exception, match="IllegalMoveError"):
        test_the_python_examples_of_a_page_run_and_print_what_it_shows(page, tmp_path, monkeypatch)
    page.write_text("```python\nprint(1 + 1)\n```\n\n```text\n3\n```\n")
    with pytest.raises(AssertionError):
        test_the_python_examples_of_a_page_run_and_print_what_it_shows(page, tmp_path, monkeypatch)


def read_documented_json(document: dict):
    """Read one documented JSON example with the project's reader for its format; return what it read."""
    from wispwidget.io import formats
    from wispwidget.search.trace import TRACE_FORMAT, Trace

    kind = document.get("format")
    text = json.dumps(document)
    if kind == formats.POSITION_FORMAT:
        return formats.read_position(text)
    if kind == formats.SOLUTION_FORMAT:
        from wispwidget.io.check import check_solution_text

        result = check_solution_text(text)
        assert result["valid"], result
        return result
    if kind == formats.SOLVE_FORMAT:
        assert set(document) == {"format", "result", "positions", "seconds", "moves"}
        assert document["result"] in ("won", "lost", "unknown")
        return [formats.move_from_dict(m) for m in document["moves"]]
    if kind == formats.CHECK_FORMAT:
        assert {"format", "valid", "won", "moves"} <= set(document) <= {"format", "valid", "won", "moves", "error"}
        return document
    if kind == TRACE_FORMAT:
        return Trace.from_json(text)
    if kind is None and "from" in document:
        return formats.move_from_dict(document)
    if kind is not None and kind.startswith("wisp-game/"):
        from wispwidget.io import game_format  # written with the variant lab

        return game_format.read_game(text)
    raise AssertionError(f"an example of no known format: {document}")


def test_every_json_example_of_the_formats_reference_is_read_by_its_reader():
    found = [(code, line) for language, code, line in blocks(ROOT / "docs" / "formats.md") if language == "json"]
    assert len(found) >= 6
    kinds = set()
    for code, line in found:
        document = json.loads(code)
        try:
            read_documented_json(document)
        except Exception as exc:
            pytest.fail(f"docs/formats.md, the JSON example at line {line}: {type(exc).__name__}: {exc}")
        kinds.add(document.get("format", "wisp-move/1"))
    assert {"wisp-position/1", "wisp-move/1", "wisp-solution/1", "wisp-solve/1", "wisp-check/1"} <= kinds


def test_no_page_points_outside_the_repository():
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        assert "shared/spec" not in text and "../shared" not in text, f"{page.name} points outside the repository"
