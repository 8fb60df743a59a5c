"""JAX305, fixed: only the array state is donated; the static `config` is not."""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames="config", donate_argnums=0)
def update(state, config):
    return state * config


if __name__ == "__main__":
    print(update(jnp.ones(3), 2.0))
