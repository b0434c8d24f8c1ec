"""Notebook widgets: the playable table, the search trace viewer and the rule-variant lab."""

from .table import TableWidget, play
from .trace_view import SearchTraceWidget
from .variant_lab import VariantLabWidget, variant_lab

__all__ = ["SearchTraceWidget", "TableWidget", "VariantLabWidget", "play", "variant_lab"]
