"""The same argument listed in `static_argnums` and `donate_argnums`.

Source: https://github.com/jax-ml/jax/pull/14037
A static argument is not a buffer, so it cannot be donated: jit rejects the overlap.

Observed on jax 0.10.x: raises ValueError
"""

import jax
import jax.numpy as jnp


def update(config, params):
    return jax.tree.map(lambda p: p * config, params)


update_jit = jax.jit(update, static_argnums=(0,), donate_argnums=(0,))  # expect: JAX305


def run():
    update_jit(2, {"w": jnp.ones(3)})
