"""In IPython and Jupyter, the package's own errors (``WispError``) show as their one sentence, not a traceback.

A ``WispError`` is refused input (an unknown game, a number out of range, an illegal move), never a bug: its
message says everything, and a student should not have to find it under twenty lines of the package's
internals. The full traceback stays one ``%tb`` away. Other exceptions show as IPython always shows them.
"""

from __future__ import annotations

import sys
from typing import Any


def _one_line(shell: Any, etype: type, value: BaseException, tb: Any, tb_offset: int | None = None) -> None:
    """IPython's custom exception handler: the error's name and sentence, under IPython's own "use %tb to see
    the full traceback" (an error output all the same: Run All stops there, nbval sees an error)."""
    shell.showtraceback((etype, value, tb), tb_offset=tb_offset, exception_only=True)


def install() -> bool:
    """Show ``WispError`` as one line in the running IPython, if there is one and no other handler is set; True
    when it is (or already was) installed. Called on ``import wispwidget``; cheap outside IPython."""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    if shell is None or not hasattr(shell, "set_custom_exc"):
        return False
    from .errors import WispError

    if shell.custom_exceptions == (WispError,):
        return True
    if shell.custom_exceptions:  # someone else's handler: theirs stays
        return False
    shell.set_custom_exc((WispError,), _one_line)
    return True
