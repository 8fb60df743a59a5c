"""The model of static values: which pytree fields are static and what jit does with them, which
static options a jit site reads (a module constant's value included), and when a site's options
mean its function is never traced.

Each case is a small program checked with the real API; the expectation is the exact list of
(line, code) findings. Every claimed hazard was run on jax 0.10.2.
"""

from __future__ import annotations

import textwrap

import pytest

from jaxcheck.api import check_source
from jaxcheck.config import Config


def findings(source: str) -> list[tuple[int, str, str]]:
    """(line, code, severity) of each finding, `info` ones included."""
    config = Config().with_overrides(None, None, show_info=True)
    result = check_source(textwrap.dedent(source).lstrip("\n"), "case.py", config)
    assert result.error is None, result.error
    return sorted((d.line, d.code, d.severity) for d in result.diagnostics)


# A dataclass holding a PRNG key (an array) among its meta fields, and a jitted function of it.
FEATURES = """
        import dataclasses
        import jax

        @dataclasses.dataclass
        class Features:
            scale: jax.Array
            key: jax.Array

        jax.tree_util.register_dataclass(Features, data_fields=["scale"], meta_fields=["key"])

        @jax.jit
        def features(f, x):
            return x * f.scale
"""

CASES = {
    # A list in a static field (`register_dataclass` reads `metadata=dict(static=True)`): jit keeps
    # the list it first saw, so an in-place change reuses the stale program (measured: no error,
    # no recompile, `len(p.sizes)` stays 2 after `append(3)`). Only then: `info`.
    "list_in_static_metadata_field": (
        """
        import dataclasses
        import jax

        @dataclasses.dataclass
        class Params:
            weights: list
            sizes: list = dataclasses.field(metadata=dict(static=True))

        jax.tree_util.register_dataclass(Params)
        """,
        [(7, "JAX301", "info")],
    ),
    # The same in an equinox module's static field; a tuple there is hashable and stays quiet.
    "dict_in_equinox_static_field": (
        """
        import equinox as eqx
        import jax

        class Renderer(eqx.Module):
            xx: jax.Array
            names: tuple = eqx.field(static=True)
            profiles: dict = eqx.field(static=True)
        """,
        [(7, "JAX301", "info")],
    ),
    # An array in a meta field: one call compiles and runs (measured); only the declaration is
    # reported.
    "array_in_meta_field_called_once": (
        FEATURES + """

        def main():
            return features(Features(jax.numpy.ones(2), jax.random.PRNGKey(0)), 1.0)
        """,
        [(7, "JAX301", "error")],
    ),
    # A second call with another instance compares the arrays and raises (measured: ValueError):
    # that call is reported, the first is not.
    "array_in_meta_field_called_twice": (
        FEATURES + """

        def main():
            features(Features(jax.numpy.ones(2), jax.random.PRNGKey(0)), 1.0)
            return features(Features(jax.numpy.ones(2), jax.random.PRNGKey(1)), 1.0)
        """,
        [(7, "JAX301", "error"), (18, "JAX302", "error")],
    ),
    # `static_argnames` given a module constant: its value is read where the decorator runs
    # (measured: jit raises ValueError "invalid argnames {'window_size'}" when it is built).
    "static_argnames_through_module_constant": (
        """
        from functools import partial
        import jax

        POOL_STATIC_ARGS = ("window_size",)
        SCALE_STATIC_ARGS = ("factor",)

        def make_pool():
            @partial(jax.jit, static_argnames=POOL_STATIC_ARGS)
            def pool(images, window):
                return images * window
            return pool

        @partial(jax.jit, static_argnames=SCALE_STATIC_ARGS)
        def scale(x, factor):
            return x * factor
        """,
        [(8, "JAX304", "error")],
    ),
    # `static_argnums` counting `self` of a bound method: jit raises when it is built (measured:
    # ValueError "static_argnums=(2,), but only accepts 2 positional arguments"), so the method
    # is never traced through it and `jnp.arange(horizon)` is no second finding.
    "argnums_past_a_bound_method": (
        """
        import jax
        import jax.numpy as jnp

        class Evaluator:
            def __init__(self):
                self.rollout = jax.jit(self.discounted, static_argnums=(2,))

            def discounted(self, rewards, horizon):
                return jnp.sum(rewards[:3] * jnp.arange(horizon))

            def evaluate(self, rewards):
                return self.rollout(rewards, 10)
        """,
        [(6, "JAX303", "error")],
    ),
    # A method jit decorates sees `self` first: `static_argnums=(0, 1)` makes `example` static,
    # and the dict reaching it through `Adapter().preprocess(data)` cannot be hashed (measured:
    # ValueError "Non-hashable static arguments"); a tuple there is fine.
    "jitted_method_counts_self": (
        """
        import functools
        import jax

        class Adapter:
            @functools.partial(jax.jit, static_argnums=(0, 1))
            def padded(self, example):
                return jax.numpy.zeros(3)

            def preprocess(self, dataset):
                return [self.padded(example) for example in dataset]

            def shapes(self):
                return self.padded((3, 4))

        def run():
            return Adapter().preprocess([{"tokens": 1}, {"tokens": 2}])
        """,
        [(10, "JAX302", "error")],
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_static_model(name):
    source, expected = CASES[name]
    assert findings(source) == expected
