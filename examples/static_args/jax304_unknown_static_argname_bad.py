"""JAX304: `static_argnames` names a parameter that does not exist: importing this module raises."""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames="num_layer")  # expect: JAX304
def apply(x, num_layers):
    return jnp.tanh(x) * num_layers


if __name__ == "__main__":
    print(apply(jnp.ones(3), num_layers=2))
