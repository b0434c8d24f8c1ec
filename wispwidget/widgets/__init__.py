"""Notebook widgets: the playable table (and the search trace viewer)."""

from .table import TableWidget, play
from .trace_view import SearchTraceWidget

__all__ = ["SearchTraceWidget", "TableWidget", "play"]
