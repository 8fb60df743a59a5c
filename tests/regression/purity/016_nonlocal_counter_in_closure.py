"""A `nonlocal` call counter in a closure that is jitted.

Source: https://github.com/jax-ml/jax/issues/5233
Rebinding a name of an enclosing scope inside a jitted function is a side effect: it happens
while tracing and is not part of the compiled computation.

Observed on jax 0.10.x: counted in 1 of 3 calls
"""

import jax
import jax.numpy as jnp


def make_objective(target):
    evaluations = 0

    def objective(x):
        nonlocal evaluations
        evaluations += 1  # expect: JAX103
        return jnp.sum((x - target) ** 2)

    return jax.jit(objective), lambda: evaluations


def run():
    objective, evaluations = make_objective(jnp.ones(2))
    counted = 0
    for value in (0.0, 1.0, 2.0):
        before = evaluations()
        objective(jnp.full(2, value))
        counted += evaluations() > before
    return counted
