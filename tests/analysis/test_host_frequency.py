"""Which host functions run outside any trace for certain: those that read a JAX result back into
Python (`float`, `int`, `.item()`, `.tolist()`, `np.asarray` of a traced array raise under
`jax.jit`, measured on jax 0.10.2; `jax.device_get` of a tracer returns it)."""

from __future__ import annotations

import textwrap

import libcst as cst
import pytest

from jaxcheck.analysis import ModuleFacts


def reads_back(source: str, name: str) -> bool:
    facts = ModuleFacts(cst.parse_module(textwrap.dedent(source)))
    (function,) = [f for f in facts.functions if f.name == name]
    return facts.frequency.reads_back(function)


@pytest.mark.parametrize("conversion", ["float(ys.sum())", "int(jnp.argmax(ys))", "ys.item()", "ys.tolist()", "np.asarray(ys)"])
def test_a_jax_result_read_back_into_python(conversion):
    source = f"""
        import jax
        import jax.numpy as jnp
        import numpy as np

        def rollout(xs):
            _, ys = jax.lax.scan(lambda c, x: (c, x), 0.0, xs)
            return {conversion}
    """
    assert reads_back(source, "rollout")


@pytest.mark.parametrize(
    "body",
    [
        "return int(ys.shape[0])",  # static metadata of a traced array is a Python value
        "return float(len(ys))",
        "return jax.device_get(ys)",  # returns the tracer under a trace
        "return float(n)",  # not a JAX result
        "return lambda: float(ys.sum())",  # runs where it is called
    ],
)
def test_what_stays_traceable(body):
    source = f"""
        import jax

        def rollout(xs, n):
            _, ys = jax.lax.scan(lambda c, x: (c, x), 0.0, xs)
            {body}
    """
    assert not reads_back(source, "rollout")
