"""A jitted helper defined inside a function that the driver calls every frame.

Source: https://github.com/jax-ml/jax/issues/22281
The cache-miss explainer reported "never seen function ... but seen another
function defined on the same line; maybe the function is being re-defined
repeatedly, preventing caching?". A `@jax.jit` inner function is a new
function object on every call of its parent.

Observed on jax 0.10.2: substep compiled 3 times
"""
import jax.numpy as jnp

from physics import advance


def run():
    state = (jnp.ones(3), jnp.zeros(3))
    for frame in range(3):
        state = advance(state, 0.1)
    return state[0]
