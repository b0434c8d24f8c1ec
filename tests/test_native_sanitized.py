"""The C core's ASan+UBSan build over random and extreme positions (scripts/sanitize_core.py), time-bounded."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from wispwidget.search._build import find_compiler

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "sanitize_core.py"


def _script():
    try:
        find_compiler()
    except FileNotFoundError:
        pytest.skip("no C compiler: the pure-Python solver is used")
    spec = importlib.util.spec_from_file_location("sanitize_core", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_sanitizers_are_armed(tmp_path):
    """A signed overflow committed in the sanitized core ends the process with UBSan's report: the clean run
    below means something."""
    done = _script().run(5, canary=True)
    assert done.returncode != 0 and "signed integer overflow" in done.stderr, done.stderr[-2000:]


def test_the_core_is_clean_under_asan_and_ubsan():
    done = _script().run(30)
    assert done.returncode == 0, done.stderr[-5000:]
    assert "sanitized core clean" in done.stdout
    assert "runtime error" not in done.stderr and "AddressSanitizer" not in done.stderr
