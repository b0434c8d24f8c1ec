"""Ctrl-C at any moment of a ``wispwidget`` command, even while it is still loading, ends in one line
(``wispwidget: interrupted``) and exit status 130, never a traceback (docs/cli.md)."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib")

ROOT = Path(__file__).resolve().parent.parent


def entry_point() -> tuple[str, str]:
    """The module and function pyproject.toml installs as the ``wispwidget`` command."""
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    module, function = scripts["wispwidget"].split(":")
    return module, function


def console_script(ready: int) -> str:
    """What pip's ``wispwidget`` script runs, with one byte written to ``ready`` just before it imports the
    entry point: the moment the command starts, after the interpreter's own start-up (which no package can
    guard; a site-packages ``.pth`` file can make it last tens of milliseconds)."""
    module, function = entry_point()
    return (f"import os, sys\nos.write({ready}, b'!')\nos.close({ready})\n"
            f"from {module} import {function}\nsys.exit({function}())\n")


def interrupt_after(seconds: float, *argv: str, start=console_script) -> subprocess.CompletedProcess:
    """Start the command, send it SIGINT (Ctrl-C) ``seconds`` after it starts; its status and standard error."""
    ready, told = os.pipe()
    try:
        child = subprocess.Popen(
            [sys.executable, "-c", start(told), *argv], pass_fds=(told,), stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE, env=dict(os.environ, PYTHONPATH=str(ROOT)),
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))  # as a terminal starts it
        os.close(told)
        try:
            assert select.select([ready], [], [], 30)[0] and os.read(ready, 1) == b"!", "the command never started"
            time.sleep(seconds)
            child.send_signal(signal.SIGINT)
            _, err = child.communicate(timeout=60)
        finally:
            if child.poll() is None:
                child.kill()
                child.wait()
    finally:
        os.close(ready)
    return subprocess.CompletedProcess(child.args, child.returncode, None, err.decode(errors="replace"))


def module_form(ready: int) -> str:
    """What ``python -m wispwidget`` runs (``wispwidget/__main__.py``), started as the console script is."""
    return (f"import os, runpy\nos.write({ready}, b'!')\nos.close({ready})\n"
            "runpy.run_module('wispwidget', run_name='__main__')\n")


@pytest.mark.parametrize("seconds", [0.01, 0.03, 0.05, 0.1, 0.3])
def test_ctrl_c_while_the_command_loads_or_runs_is_one_line_and_130(seconds):
    """Ctrl-C in the first tenth of a second (the package still importing) printed a Python traceback."""
    result = interrupt_after(seconds, "study", "mini-wisp", "--deals", "1-10000000", "--quiet")
    assert "Traceback" not in result.stderr, result.stderr
    assert result.returncode == 130 and result.stderr == "wispwidget: interrupted\n", result.stderr


@pytest.mark.parametrize("seconds", [0.01, 0.05])
def test_python_dash_m_wispwidget_is_the_same_command_with_the_same_guard(seconds):
    """``python -m wispwidget`` did not exist; ``python -m wispwidget.cli`` imports the command line before any
    guard can run."""
    result = interrupt_after(seconds, "study", "mini-wisp", "--deals", "1-10000000", "--quiet", start=module_form)
    assert result.returncode == 130 and result.stderr == "wispwidget: interrupted\n", result.stderr
    done = subprocess.run([sys.executable, "-m", "wispwidget", "--help"], capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert done.returncode == 0 and "usage: wispwidget" in done.stdout, done.stderr


def test_the_command_loads_nothing_before_it_can_say_interrupted():
    """``import wispwidget`` ran the whole package (a tenth of a second) before the command could catch Ctrl-C;
    now every public name loads on first use, and still loads."""
    code = ("import sys, wispwidget\n"
            "print(sorted(name for name in sys.modules if name.startswith('wispwidget.')))\n"
            "missing = [name for name in wispwidget.__all__ if getattr(wispwidget, name, None) is None]\n"
            "print(missing)\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["[]", "[]"]


def test_the_imports_for_type_checkers_name_each_public_name_from_its_home():
    """The package lists its names three times: ``_HOMES`` (what loads on first use), the imports type checkers
    read and ``__all__`` (literal, for linters). A name added to one list only would load but not type-check, or
    the reverse."""
    import ast

    import wispwidget

    tree = ast.parse((ROOT / "wispwidget" / "__init__.py").read_text())
    block = next(node for node in tree.body if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING")
    imported = {alias.name: node.module for node in block.body if isinstance(node, ast.ImportFrom)
                for alias in node.names}
    assert imported == wispwidget._HOMES
    assert sorted(wispwidget.__all__) == sorted(wispwidget._HOMES)
