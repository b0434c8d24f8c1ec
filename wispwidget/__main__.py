"""``python -m wispwidget``: the ``wispwidget`` command, with the same guard against Ctrl-C while it loads."""

from . import _command_line

raise SystemExit(_command_line())
