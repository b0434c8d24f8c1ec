"""The notebook widgets' one trust boundary: the kernel owns every synced trait, and the browser writes only the
few its view sets.

A front-end update (ipywidgets' ``{"method": "update"}`` comm message, or marimo handing on a value) reaches a
widget as ``set_state``. A ``KernelOwned`` widget lists in ``BROWSER_WRITES`` the traits its view writes, each with
a check of the values the view can send (the table: none, it sends requests; the variant lab: its controls and
the Presentation switch; the search trace: its step, speed and the Presentation switch). Every other trait, and
a value its check or its trait refuses, keeps the kernel's value, and that value is sent back so the browser
draws it again: a forged ``{"reveal": true}`` shows no card, a forged ``results`` wins no study.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import anywidget

#: Whether the view could have sent ``value`` for a trait (given the widget, as it is now).
BrowserCheck = Callable[[Any, Any], bool]


def is_switch(_widget: Any, value: Any) -> bool:
    """A check for a switch the view flips: ``true`` or ``false``."""
    return isinstance(value, bool)


def number_from(low: float, high: float) -> BrowserCheck:
    """A check for a number the view's slider gives: a finite number from ``low`` to ``high`` (never a bool)."""

    def check(_widget: Any, value: Any) -> bool:
        return (isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
                and low <= value <= high)

    return check


class KernelOwned(anywidget.AnyWidget):
    """An anywidget whose synced traits the browser may not write, but for ``BROWSER_WRITES`` (checked)."""

    BROWSER_WRITES: ClassVar[Mapping[str, BrowserCheck]] = {}

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Apply a front-end update: the writes the view may make are taken, every other is refused and re-synced."""
        if not isinstance(sync_data, dict):
            return
        taken = {name: value for name, value in sync_data.items() if self._browser_may_write(name, value)}
        refused = [name for name in sync_data if name not in taken and name in self.keys]
        if taken and not self._take(taken):
            refused += list(taken)
        if refused:
            self.send_state(refused)  # the browser draws the kernel's value again

    def _browser_may_write(self, name: Any, value: Any) -> bool:
        check = self.BROWSER_WRITES.get(name) if isinstance(name, str) else None
        try:
            return check is not None and bool(check(self, value))
        except Exception:  # a value no check foresaw is one the view did not send
            return False

    def _take(self, writes: dict[str, Any]) -> bool:
        """Set the checked writes as ipywidgets does; when a trait refuses one, put every one back (False)."""
        before = {name: getattr(self, name) for name in writes}
        try:
            super().set_state(writes)
        except Exception:
            for name, value in before.items():
                if getattr(self, name) != value:
                    self.set_trait(name, value)
            return False
        return True
