from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=1)
def mlp(x, widths):
    for width in widths:
        x = jnp.tanh(x[..., :1] * jnp.ones(width))
    return x
