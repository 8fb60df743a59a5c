"""The validator: runs each static finding under `jax.jit` in a worker process and labels it
confirmed, refuted or inconclusive, with evidence.

Importing this package is cheap and never imports jax (only the worker processes do)::

    from jaxcheck.api import check_paths
    from jaxcheck.runtime import ValidateOptions, validate

    result = validate(check_paths(["src"]), ValidateOptions(device="cpu", timeout=30))
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any

from .examples import example
from .options import FALLBACK_PATH

# the libraries jaxcheck needs in the project's interpreter, after its own site-packages
sys.path += [d for d in os.environ.get(FALLBACK_PATH, "").split(os.pathsep) if d and d not in sys.path]

if TYPE_CHECKING:
    from .options import ValidateOptions
    from .validation import validate

__all__ = ["ValidateOptions", "example", "validate"]


def __getattr__(name: str) -> Any:
    if name == "ValidateOptions":
        from .options import ValidateOptions

        return ValidateOptions
    if name == "validate":
        from .validation import validate

        return validate
    raise AttributeError(name)
