"""Lazily initialised fields: the state an object is in once its constructor returns, and caches
filled while JAX traces.

Measured on jax 0.10.2 (each case's comment says what): a property `if self._x is None: self._x =
...` that the constructor reads is filled before any trace, so a jitted function reading it runs
no assignment; a cache filled at trace time with NumPy or Python data holds what an eager run
would; one filled with a JAX value holds a tracer (even `jnp.concatenate` of constants is a
`DynamicJaxprTracer` inside `jax.jit`), and so does one emptied by another method and filled by a
later trace.
"""

from __future__ import annotations

import textwrap

import libcst as cst
import pytest

from jaxcheck.analysis import ModuleFacts
from jaxcheck.api import check_source


def findings(source: str) -> list[tuple[int, str]]:
    result = check_source(textwrap.dedent(source).lstrip("\n"), "case.py")
    assert result.error is None, result.error
    return sorted((d.line, d.code) for d in result.diagnostics)


# Built before the trace, its constructor reading every property (`init()`): measured, 0
# assignments while `jax.jit(lambda x: manager.expand(x))` traces, and the contrast with the
# cache emptied first assigns `_model` during the trace.
WARMED = """
    import jax
    import jax.numpy as jnp
    import numpy as np


    class Manager:
        def __init__(self, values):
            self.values = values
            self._model = None
            self._order = None
            self.init()

        def init(self):
            self.model
            self.order

        @property
        def model(self):
            if self._model is None:
                self._model = jnp.concatenate([jnp.asarray(v) for v in self.values])
            return self._model

        @property
        def order(self):
            if self._order is None:
                self._order = np.argsort(np.asarray(self.model))
            return self._order

        def expand(self, x):
            return x[self.order] + self.model
"""

CASES = {
    # The manager is a module global: its construction is followed field by field.
    "warmed_by_the_constructor_global": (
        WARMED + """
    manager = Manager([[1.0], [2.0]])
    loss = jax.jit(lambda x: manager.expand(x).sum())
    """,
        [],
    ),
    # The manager is built by a host method and read from `self` in the jitted loss: only its class
    # is known there, and what its constructor fills. (Building the manager after the loss is
    # traced, and jitting a bound method per call, are other findings.)
    "warmed_by_the_constructor_held_by_another_object": (
        WARMED + """
    class Optimizer:
        def problem(self, values):
            self.pm = Manager(values)

        def loss(self, x):
            return self.pm.expand(x).sum()

        def solve(self, values, x):
            self.problem(values)
            return jax.jit(self.loss)(x)
    """,
        [(37, "JAX108"), (41, "JAX402")],
    ),
    # Not filled by the constructor, the caches are filled while traced. `idx` and `size` store a
    # NumPy array and a Python int: measured, three calls with two shapes give the eager results
    # and the caches hold an `ndarray` and `6`. `scaled` stores a JAX value computed in the trace
    # (a tracer, even from constants: measured, `UnexpectedTracerError` on the retrace and on the
    # host read), `remember` the argument's tracer (the same), and `calls` counts traces, not
    # calls (`calls == 1` after 3 calls).
    "caches_filled_while_traced": (
        """
        import jax
        import jax.numpy as jnp
        import numpy as np

        class Cache:
            def __init__(self, n):
                self.n = n
                self._idx = None
                self._size = None
                self._scaled = None
                self._last = None
                self.calls = 0

            @property
            def idx(self):
                if self._idx is None:
                    self._idx = np.arange(self.n)
                return self._idx

            @property
            def size(self):
                if not self._size:
                    self._size = int(self.n) * 3
                return self._size

            @property
            def scaled(self):
                if self._scaled is None:
                    self._scaled = jnp.asarray(self.idx) * 2
                return self._scaled

            def remember(self, x):
                if self._last is None:
                    self._last = x.sum() * 2
                return self._last

            def expand(self, x):
                self.calls += 1
                return x[self.idx] * self.size + self.scaled + self.remember(x)

        cache = Cache(3)
        loss = jax.jit(lambda x: cache.expand(x).sum())
        """,
        [(29, "JAX105"), (34, "JAX105"), (38, "JAX105")],
    ),
    # Filled by the constructor, emptied again by `invalidate()`: measured, a retrace after
    # `invalidate()` stores a `DynamicJaxprTracer` and the next host read raises
    # `UnexpectedTracerError`.
    "filled_by_the_constructor_then_emptied_by_a_method": (
        """
        import jax
        import jax.numpy as jnp

        class Manager:
            def __init__(self, values):
                self.values = values
                self._model = None
                self.model

            def invalidate(self):
                self._model = None

            @property
            def model(self):
                if self._model is None:
                    self._model = jnp.asarray(self.values) * 2
                return self._model

            def expand(self, x):
                return x + self.model

        manager = Manager([1.0, 2.0])
        loss = jax.jit(lambda x: manager.expand(x).sum())
        """,
        [(15, "JAX108"), (16, "JAX105")],
    ),
}


@pytest.mark.parametrize("name", CASES)
def test_lazy_fields(name):
    source, expected = CASES[name]
    assert findings(source) == expected


def filled(source: str, class_name: str) -> frozenset[str]:
    facts = ModuleFacts(cst.parse_module(textwrap.dedent(source)))
    owner = next(c for c in facts.classes if c.name == class_name)
    return facts.objects.filled_by_constructor(owner)


def test_the_constructor_fills_what_the_properties_it_reads_fill():
    assert filled(WARMED, "Manager") == {"values", "_model", "_order"}


def test_a_field_filled_only_on_one_branch_of_the_constructor_is_not_filled():
    source = """
        class Model:
            def __init__(self, warm):
                self._cache = None
                if warm:
                    self.cache
                self._other = None

            @property
            def cache(self):
                if self._cache is None:
                    self._cache = [1, 2]
                return self._cache
    """
    assert filled(source, "Model") == frozenset()


def test_a_field_the_constructor_sets_to_none_after_filling_it_is_not_filled():
    source = """
        class Model:
            def __init__(self):
                self._cache = None
                self.cache
                del self._cache
                self._size = 3

            @property
            def cache(self):
                if self._cache is None:
                    self._cache = [1, 2]
                return self._cache
    """
    assert filled(source, "Model") == {"_size"}


def test_a_base_constructor_called_through_super_fills_the_fields():
    source = """
        class Base:
            def __init__(self):
                self._cache = None
                self.warm()

            def warm(self):
                if not self._cache:
                    self._cache = {"a": 1}

        class Model(Base):
            def __init__(self):
                super().__init__()
                self.extra = None
    """
    assert filled(source, "Model") == {"_cache"}


def test_a_field_filled_after_an_early_return_of_the_constructor_is_not_filled():
    # `cache` returns from the body of its guard: the field is filled on both of its paths.
    source = """
        class Cached:
            @property
            def cache(self):
                if self._cache is None:
                    self._cache = [1, 2]
                    return self._cache
                return self._cache

        class Lazy(Cached):
            def __init__(self, lazy):
                self._cache = None
                self._size = 1
                if lazy:
                    return
                self.cache

        class Warm(Cached):
            def __init__(self):
                self._cache = None
                self.cache
    """
    assert filled(source, "Lazy") == {"_size"}
    assert filled(source, "Warm") == {"_cache"}


def test_a_cache_guarded_by_hasattr_or_several_fields_fills_each_field_once():
    # `if not hasattr(self, "_idx") or not hasattr(self, "_n")` is as much an emptiness test as
    # `self._idx is None`; the fields its body fills beside the tested ones (`_half`) are filled
    # once with them. Host data stored so holds what an eager run stores (the measurement above);
    # a JAX value computed in the trace (`_scaled`) is a tracer and stays a finding.
    source = """
        import jax
        import jax.numpy as jnp
        import numpy as np

        class Cache:
            def __init__(self, n):
                self.n = n

            def index(self, x):
                if not hasattr(self, "_idx") or not hasattr(self, "_size"):
                    self._idx = np.arange(self.n)
                    self._size = self.n
                    self._half = self.n // 2
                    self._scaled = jnp.arange(self.n) * 2.0
                return x[self._idx] + self._scaled

        cache = Cache(3)
        f = jax.jit(lambda x: cache.index(x))
    """
    assert findings(source) == [(14, "JAX105")]
