"""Single-argument jnp.where (nonzero) without size inside a jitted function.

Source: https://jax.readthedocs.io/en/latest/_autosummary/jax.numpy.where.html
What happened: the jnp.where documentation states that JAX does not support
JIT-compilation of the single-argument form because its output shape is
data-dependent; use the three-argument form or pass size=.
Observed on jax 0.10.2: raises ConcretizationTypeError
"""
import jax
import jax.numpy as jnp

from selection import gather_active


def run():
    return jax.jit(gather_active)(jnp.array([0.1, 0.7, 0.3, 0.9]), 0.5)
