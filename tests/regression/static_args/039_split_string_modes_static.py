"""A list from `str.split` (a command-line option) passed as a static argument.

Source: https://github.com/jax-ml/jax/pull/4661
Static arguments must be hashable; `"a,b".split(",")` returns a list, which jax rejects as a
static argument.

Observed on jax 0.10.x: raises ValueError
"""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(1,))
def select_losses(losses, names):
    return sum(losses[n] for n in names)


def evaluate(losses, option="mse,l1"):
    names = option.split(",")
    return select_losses(losses, names)  # expect: JAX302


def run():
    return evaluate({"mse": jnp.float32(1.0), "l1": jnp.float32(2.0)})
