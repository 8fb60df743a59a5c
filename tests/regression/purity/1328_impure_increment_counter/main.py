"""The apxml "Functional purity and side effects" lesson lists `impure_increment_counter`, which
bumps a module-level `call_count` through `global`. Used inside a jitted update, the global is
bumped only while the update is traced; the compiled update never touches it again, so the
counter stays at 1 however many steps run.

Source: https://apxml.com/courses/getting-started-with-jax/chapter-6-managing-state-in-jax/functional-purity-side-effects
Observed on jax 0.10.x: 2 of 3 calls
"""
import jax
import jax.numpy as jnp

import metrics


@jax.jit
def update(params, x):
    y = metrics.impure_increment_counter(x)
    return metrics.pure_add(params, 0.1 * y)


def run():
    metrics.call_count = 0
    params = jnp.zeros(())
    missed = 0
    for step in range(3):
        before = metrics.call_count
        params = update(params, jnp.asarray(1.0))
        missed += metrics.call_count == before
    return missed
