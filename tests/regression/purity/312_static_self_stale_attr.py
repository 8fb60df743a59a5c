"""Method jitted with `self` static; an attribute changed later is not seen.

Source: https://docs.jax.dev/en/latest/faq.html#how-to-use-jit-with-methods
The FAQ shows marking `self` static in `jax.jit(..., static_argnums=0)` and warns that
if the object is mutated afterwards (e.g. `c.mul = False`), the jitted method keeps
using the value seen at trace time, because the hash of `self` has not changed.  Here
a reward shaper's `scale` is annealed by the driver loop after the first call.

Observed on jax 0.10.2: 1 of 3 calls
"""
from functools import partial

import jax
import jax.numpy as jnp


class RewardShaper:
    def __init__(self, scale):
        self.scale = scale

    @partial(jax.jit, static_argnums=0)
    def shape(self, rewards):
        return rewards * self.scale  # expect: JAX108


def run():
    shaper = RewardShaper(scale=1.0)
    rewards = jnp.ones(4)
    correct = 0
    for scale in (1.0, 0.5, 0.25):
        shaper.scale = scale
        out = shaper.shape(rewards)
        if float(out[0]) == scale:
            correct += 1
    return correct
