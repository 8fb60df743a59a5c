"""A mask built inside a jitted function from jnp ops is used for boolean indexing.

Source: https://github.com/jax-ml/jax/issues/4471
After jax 0.2.0 (omnistaging) a boolean mask generated inside a jitted
function, depending only on static information, stopped working:
`return x[mask].sum()` raised "Array boolean indices must be concrete".
Rebuilt as the report's shape: a mask from `jnp` on a static size.

Observed on jax 0.10.2: raises NonConcreteBooleanIndexError
"""
import jax
import jax.numpy as jnp


def create_mask_inside_jitted_function(x, y):
    mask = jnp.arange(x.shape[0]) % 2 == 0
    return x[mask].sum() + y  # expect: JAX205


wont_work = jax.jit(create_mask_inside_jitted_function)


def run():
    return wont_work(jnp.arange(6.0), 1.0)
