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


def interrupt_after(seconds: float, *argv: str) -> subprocess.CompletedProcess:
    """Start the command, send it SIGINT (Ctrl-C) ``seconds`` after it starts; its status and standard error."""
    ready, told = os.pipe()
    try:
        child = subprocess.Popen(
            [sys.executable, "-c", console_script(told), *argv], pass_fds=(told,), stdout=subprocess.DEVNULL,
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


@pytest.mark.parametrize("seconds", [0.01, 0.03, 0.05, 0.1, 0.3])
def test_ctrl_c_while_the_command_loads_or_runs_is_one_line_and_130(seconds):
    """Ctrl-C in the first tenth of a second (the package still importing) printed a Python traceback."""
    result = interrupt_after(seconds, "study", "mini-wisp", "--deals", "1-10000000", "--quiet")
    assert "Traceback" not in result.stderr, result.stderr
    assert result.returncode == 130 and result.stderr == "wispwidget: interrupted\n", result.stderr


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
