"""Board files: YAML loading with line/column errors, schema checks, the board store. No pygame."""

from tabletop.layout.check import Checker
from tabletop.layout.store import BoardStore
from tabletop.layout.yamlsrc import LayoutErrors, LayoutIssue, SourceDoc

__all__ = ["BoardStore", "Checker", "LayoutErrors", "LayoutIssue", "SourceDoc"]
