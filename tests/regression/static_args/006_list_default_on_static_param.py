"""A static parameter whose default is a list.

Source: https://github.com/jax-ml/jax/pull/4661
jax first warned, then raised, on non-hashable static arguments; a `list` default on a
parameter named in `static_argnames` invites callers to pass lists.

Observed on jax 0.10.x: raises ValueError
"""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("hidden_sizes",))
def mlp(x, hidden_sizes: list = [16, 16]):  # expect: JAX301
    for size in hidden_sizes:
        x = jnp.tanh(x[..., :1] * jnp.ones(size))
    return x


def main():
    return mlp(jnp.ones(3), hidden_sizes=[4, 4])  # expect: JAX302


def run():
    return main()
