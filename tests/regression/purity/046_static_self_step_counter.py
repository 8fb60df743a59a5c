"""A jitted method with `self` static that counts its calls in `self.num_calls`.

Source: https://docs.jax.dev/en/latest/notebooks/Common_Gotchas_in_JAX.html#strategy-2-marking-self-as-static
Marking `self` static lets a method be jitted, but assignments to `self` inside it are trace-time
effects: the counter moves on the first call only.

Observed on jax 0.10.x: counted in 1 of 3 calls
"""

from functools import partial

import jax
import jax.numpy as jnp


class Smoother:
    def __init__(self, alpha):
        self.alpha = alpha
        self.num_calls = 0

    @partial(jax.jit, static_argnums=0)
    def __call__(self, state, x):
        self.num_calls = self.num_calls + 1  # expect: JAX105
        return self.alpha * state + (1 - self.alpha) * x


def run():
    smoother = Smoother(0.9)
    state = jnp.zeros(2)
    counted = 0
    for _ in range(3):
        before = smoother.num_calls
        state = smoother(state, jnp.ones(2))
        counted += smoother.num_calls > before
    return counted
