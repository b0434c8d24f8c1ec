"""In a notebook the package's own errors show as their sentence, not twenty lines of its internals; a bug's
traceback shows in full, and ``%tb`` still gives the full one (wispwidget/_short_errors.py)."""

from __future__ import annotations

import queue
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_in_ipython_a_refusal_is_one_sentence_and_a_bug_is_a_full_traceback():
    code = textwrap.dedent("""
        from IPython.core.interactiveshell import InteractiveShell
        shell = InteractiveShell.instance(colors="nocolor")
        result = shell.run_cell("import wispwidget as ww\\nww.play('will-o-wisp')")
        print("ERROR", type(result.error_in_exec).__name__)
        shell.run_cell("import wispwidget.api\\nwispwidget.api.no_such_name")
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT)
    out = done.stdout
    refusal, bug = out.split("ERROR UnknownGameError")
    assert "An exception has occurred, use %tb to see the full traceback." in refusal
    assert "UnknownGameError: unknown game 'will-o-wisp' (did you mean 'will-o-the-wisp'?)" in refusal
    assert "catalogue.py" not in refusal and "Traceback" not in refusal  # none of the package's internals
    assert "Traceback" in bug and "AttributeError" in bug  # anything else: IPython's own full traceback


def test_in_a_jupyter_kernel_the_error_output_is_short_and_still_an_error():
    """What a notebook shows: an error output (Run All stops there; nbval sees it) whose traceback is two lines."""
    jupyter_client = pytest.importorskip("jupyter_client")
    seen: list[dict] = []
    manager, client = jupyter_client.manager.start_new_kernel(kernel_name="python3", cwd=str(ROOT))
    try:
        reply = client.execute_interactive("import wispwidget as ww\nww.play('spider', variant='two-suit')",
                                           timeout=60, output_hook=seen.append)
    except queue.Empty:  # pragma: no cover - a kernel that never answers
        pytest.fail("the kernel did not answer")
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)
    errors = [msg["content"] for msg in seen if msg["msg_type"] == "error"]
    assert reply["content"]["status"] == "error" and len(errors) == 1
    assert errors[0]["ename"] == "UnknownGameError" and "did you mean 'two-suits'?" in errors[0]["evalue"]
    assert len(errors[0]["traceback"]) <= 3 and not any(".py" in line for line in errors[0]["traceback"])

