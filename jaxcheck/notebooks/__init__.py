"""Jupyter notebooks: code cells checked as one module, findings and fixes per cell."""

from __future__ import annotations

from .checking import NotebookFixOutcome, check_bytes, check_notebook, check_text, checked_module, fix_text, to_virtual
from .document import MAX_NOTEBOOK_BYTES, Cell, Notebook, NotebookError, VirtualModule, is_notebook

__all__ = [
    "MAX_NOTEBOOK_BYTES", "Cell", "Notebook", "NotebookError", "NotebookFixOutcome", "VirtualModule",
    "check_bytes", "check_notebook", "check_text", "checked_module", "fix_text", "is_notebook", "to_virtual",
]
