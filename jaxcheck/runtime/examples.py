"""`@jaxcheck.example(...)`: register arguments the validator may call a function with.

The decorator costs nothing at run time: it records the arguments on the function and returns
the function itself. It imports nothing, so it may sit on production code::

    @jaxcheck.example(lambda: jnp.ones((2, 3)), n=4)
    @jax.jit
    def step(x, n): ...

A zero-argument lambda stands for a value built when the validator calls the function (so jax
arrays are made in the worker, on the chosen device); any other value, callables included, is
passed as it is. Stack the decorator to register several examples; they are tried in order.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F")
EXAMPLES_ATTRIBUTE = "__jaxcheck_examples__"


def example(*args: Any, **kwargs: Any) -> Callable[[F], F]:
    """Record one call's arguments on the decorated function for `jaxcheck validate`."""

    def register(function: F) -> F:
        try:
            registered = list(getattr(function, EXAMPLES_ATTRIBUTE, ()))
            # Decorators apply bottom-up; keep the examples in the order they are written.
            registered.insert(0, (args, kwargs))
            setattr(function, EXAMPLES_ATTRIBUTE, tuple(registered))
        except (AttributeError, TypeError):
            pass  # an object that takes no attributes: the example is silently unavailable
        return function

    return register


def registered_examples(function: object) -> list[tuple[tuple, dict]]:
    """The examples on ``function`` or on anything it wraps (jit wrappers, functools.wraps)."""
    found: list[tuple[tuple, dict]] = []
    seen: set[int] = set()
    current: object = function
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        try:
            found.extend(getattr(current, EXAMPLES_ATTRIBUTE, ()))
        except Exception:  # noqa: BLE001 - user objects may raise anything from __getattr__
            pass
        current = _inner(current)
    return found


def _inner(function: object) -> object:
    for attribute in ("__wrapped__", "__func__", "func"):
        try:
            inner = getattr(function, attribute, None)
        except Exception:  # noqa: BLE001
            inner = None
        if inner is not None and callable(inner):
            return inner
    return None


def is_deferred(value: object) -> bool:
    """A zero-argument lambda: a value to build in the worker."""
    code = getattr(value, "__code__", None)
    return (
        getattr(value, "__name__", None) == "<lambda>"
        and code is not None
        and code.co_argcount == 0
        and code.co_kwonlyargcount == 0
        and not code.co_flags & 0x0C  # no *args / **kwargs
    )
