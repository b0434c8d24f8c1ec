"""Notebook widgets: the playable table (and the search trace viewer)."""

from .table import TableWidget, play

__all__ = ["TableWidget", "play"]
