"""Test-wide settings: statistics go to a temporary directory, never the user's.

The widget keeps statistics in ``$WISPWIDGET_DATA_DIR`` when set (``wispwidget.widgets.stats``). Set here, once,
before any test runs, it reaches every widget made in this process and every kernel started from it (nbval's,
the browser tests' JupyterLab), so no test run adds its games to a person's record.
"""

from __future__ import annotations

import os
import tempfile


def pytest_configure(config) -> None:
    if not os.environ.get("WISPWIDGET_DATA_DIR"):
        os.environ["WISPWIDGET_DATA_DIR"] = tempfile.mkdtemp(prefix="wispwidget-tests-")
