"""Attributes assigned in `__init__` of a class whose jitted method only reads them.

Source: https://docs.jax.dev/en/latest/notebooks/Common_Gotchas_in_JAX.html#strategy-2-marking-self-as-static
Marking `self` static is safe as long as the object is not mutated after the first call; here
the attributes are set once in `__init__` and the jitted method only reads them.

Observed on jax 0.10.x: runs
"""

from functools import partial

import jax
import jax.numpy as jnp


class Scaler:
    def __init__(self, mean, std):
        self.mean = float(mean)
        self.std = float(std)

    @partial(jax.jit, static_argnums=0)
    def transform(self, x):
        return (x - self.mean) / self.std


def run():
    scaler = Scaler(1.0, 2.0)
    out = scaler.transform(jnp.arange(3.0))
    return None if out.shape == (3,) else 0
