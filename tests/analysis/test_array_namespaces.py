"""Code that picks its array namespace from its argument (`xp = jnp if isinstance(x, jax.Array)
else np`) and then branches on it (`if xp is jnp`): under a trace the argument is a tracer, a
`jax.Array`, so only the `jnp` branch runs (tests/regression/tracing/1602: the NumPy branch's
`xp.repeat(..., n_node)` without `total_repeat_length` never runs under jit).
"""

from __future__ import annotations

import textwrap

import pytest

from tests.analysis.test_traced_iteration import findings as findings_after

HEADER = """
import jax
import jax.numpy as jnp
import numpy as np


def namespace(x):
    return jnp if isinstance(x, jax.Array) else np


"""


def findings(body: str) -> list[tuple[int, str]]:
    return findings_after(body, HEADER)


CASES = {
    # The NumPy branch needs concrete repeats; it never runs under jit.
    "jnp_branch_only": (
        """
        def frames(n_node):
            xp = namespace(n_node)
            return xp.repeat(xp.arange(3), n_node, total_repeat_length=12) if xp is jnp else xp.repeat(xp.arange(3), n_node)

        @jax.jit
        def f(n_node):
            return frames(n_node)

        def run():
            return f(jnp.array([3, 5, 4]))
        """,
        [],
    ),
    "numpy_tested_first": (
        """
        def frames(n_node):
            xp = namespace(n_node)
            if xp is np:
                return xp.repeat(xp.arange(3), n_node)
            return xp.repeat(xp.arange(3), n_node, total_repeat_length=12)

        @jax.jit
        def f(n_node):
            return frames(n_node)

        def run():
            return f(jnp.array([3, 5, 4]))
        """,
        [],
    ),
    # The jnp branch is the one that runs, and it needs a concrete size.
    "jnp_branch_raises": (
        """
        def frames(n_node):
            xp = namespace(n_node)
            if xp is not jnp:
                return xp.repeat(xp.arange(3), n_node, total_repeat_length=12)
            return xp.zeros(xp.sum(n_node))

        @jax.jit
        def f(n_node):
            return frames(n_node)

        def run():
            return f(jnp.array([3, 5, 4]))
        """,
        [(5, "JAX204")],
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_namespace_branches(name: str) -> None:
    body, expected = CASES[name]
    assert findings(body) == expected


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(CASES))
def test_namespace_branches_on_jax(name: str) -> None:
    jax = pytest.importorskip("jax")
    np = pytest.importorskip("numpy")
    assert jax.numpy is not np  # distinct modules: `xp is jnp` tells them apart
    namespace: dict[str, object] = {}
    body, expected = CASES[name]
    exec(HEADER + textwrap.dedent(body).lstrip("\n"), namespace)  # noqa: S102
    if expected:
        with pytest.raises(TypeError):  # "Shapes must be 1D sequences of concrete values"
            namespace["run"]()
    else:
        assert namespace["run"]().shape == (12,)
