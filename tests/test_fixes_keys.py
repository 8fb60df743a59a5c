"""Autofixes of JAX501 (split before the first use) and JAX503 (`fold_in` with the loop counter):
before/after pairs, both unsafe, each a fixed point; the cases with no fix; and the fixed code run
under `jax_debug_key_reuse`."""

from __future__ import annotations

import textwrap

import libcst as cst
import pytest

from jaxcheck.engine import EngineOptions
from jaxcheck.fix import fix_source
from jaxcheck.rules import all_rules

OPTIONS = EngineOptions(all_rules())


def source(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


CASES = [
    (
        """
        import jax

        def noisy(params, key):
            noise = jax.random.normal(key, params.shape)
            mask = jax.random.bernoulli(key, 0.5, params.shape)
            return params + noise * mask
        """,
        """
        import jax

        def noisy(params, key):
            key, subkey = jax.random.split(key)
            noise = jax.random.normal(subkey, params.shape)
            mask = jax.random.bernoulli(key, 0.5, params.shape)
            return params + noise * mask
        """,
    ),
    (
        """
        from jax import random

        def f(key):
            a = random.normal(key)
            b = random.normal(key)
            c = random.normal(key)
            return a + b + c
        """,
        """
        from jax import random

        def f(key):
            key, subkey = random.split(key)
            a = random.normal(subkey)
            key, subkey_2 = random.split(key)
            b = random.normal(subkey_2)
            c = random.normal(key)
            return a + b + c
        """,
    ),
    (
        """
        import jax.random as jr

        def orders(key, n, epochs):
            out = []
            for epoch in range(epochs):
                out.append(jr.permutation(key, n))
            return out
        """,
        """
        import jax.random as jr

        def orders(key, n, epochs):
            out = []
            for epoch in range(epochs):
                out.append(jr.permutation(jr.fold_in(key, epoch), n))
            return out
        """,
    ),
]


@pytest.mark.parametrize(("before", "after"), CASES)
def test_key_fixes(before, after):
    before, after = source(before), source(after)
    fixed = fix_source("t.py", before, OPTIONS, unsafe=True)
    assert fixed.error is None and fixed.fixed == after
    cst.parse_module(fixed.fixed)
    assert fix_source("t.py", after, OPTIONS, unsafe=True).fixed == after
    assert fix_source("t.py", before, OPTIONS, unsafe=False).fixed == before  # unsafe only
    assert not [d for d in fixed.result.diagnostics if d.code.startswith("JAX5")]


NO_FIX = [
    (  # the first use is a split: which child replaces the parent is the author's call
        """
        import jax

        def init(key, n):
            a, b = jax.random.split(key)
            return jax.random.normal(key, (n,)), a, b
        """,
        "JAX504",
    ),
    (  # an attribute, not a plain name
        """
        import jax

        class Agent:
            def act(self, x):
                return jax.random.normal(self.rng) + jax.random.uniform(self.rng)
        """,
        "JAX501",
    ),
    (  # a while loop has no counter to fold in
        """
        import jax

        def f(key, n):
            total, i = 0.0, 0
            while i < n:
                total = total + jax.random.normal(key)
                i += 1
            return total
        """,
        "JAX503",
    ),
]


@pytest.mark.parametrize(("text", "code"), NO_FIX)
def test_no_key_fix(text, code):
    text = source(text)
    outcome = fix_source("t.py", text, OPTIONS, unsafe=True)
    assert outcome.fixed == text
    assert code in [d.code for d in outcome.result.diagnostics]


@pytest.mark.slow
def test_fixed_code_reuses_no_key_on_jax():
    jax = pytest.importorskip("jax")
    namespace: dict = {}
    exec(compile(source(CASES[0][1]), "fixed.py", "exec"), namespace)  # noqa: S102 - our own fixed example
    with jax.debug_key_reuse(True):
        namespace["noisy"](jax.numpy.ones(3), jax.random.key(0))
