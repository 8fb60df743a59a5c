"""Shared tools for the tests that show each bad example's hazard is real, on jax (CPU).

`compiles` counts XLA compilations per function from JAX's own monitoring events (the
``fun_name`` of ``/jax/core/compile/backend_compile_duration``), not from ``_cache_size()``.
`load_example` imports an ``examples/`` file by path, as a fresh module each time.
"""

from __future__ import annotations

import importlib.util
import os
import pathlib
import sys
from collections import Counter

import pytest

os.environ.setdefault("JAX_PLATFORMS", "cpu")
jax = pytest.importorskip("jax")
from jax import monitoring  # noqa: E402

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples"
_COMPILE_EVENT = "/jax/core/compile/backend_compile_duration"


class CompileCounter:
    def __init__(self) -> None:
        self.by_function: Counter[str] = Counter()

    def __call__(self, event: str, duration: float, **kwargs: object) -> None:
        if event == _COMPILE_EVENT:
            self.by_function[str(kwargs.get("fun_name", "?"))] += 1

    def of(self, function_name: str) -> int:
        """Compilations of the function named ``function_name`` (as in `jit(step)`)."""
        return sum(n for name, n in self.by_function.items() if name == f"jit({function_name})")

    def reset(self) -> None:
        self.by_function.clear()


_counter = CompileCounter()
monitoring.register_event_duration_secs_listener(_counter)


@pytest.fixture
def compiles() -> CompileCounter:
    _counter.reset()
    return _counter


def load_example(relative_path: str):
    """Import ``examples/<relative_path>`` as a new module (top-level code runs)."""
    path = EXAMPLES / relative_path
    name = f"example_{path.stem}_{id(path)}"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
