"""JAX304, fixed: `static_argnames` spells the parameter's name."""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames="num_layers")
def apply(x, num_layers):
    return jnp.tanh(x) * num_layers


if __name__ == "__main__":
    print(apply(jnp.ones(3), num_layers=2))
