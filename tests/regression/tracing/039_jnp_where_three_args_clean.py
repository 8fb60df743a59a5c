"""`jnp.where(mask, x, 0.0)` and `jnp.maximum` instead of `if` and builtin `max`.

Source: https://github.com/jax-ml/jax/issues/1007
The masking alternative a maintainer proposes for data-dependent logic under `jit`: the
three-argument `where` has a static output shape.

Observed on jax 0.10.x: runs
"""

import jax
import jax.numpy as jnp


@jax.jit
def sum_first_k(a, k):
    n = len(a)
    return jnp.sum(jnp.where(jnp.arange(n) < k, a, 0))


@jax.jit
def hinge(margin, score):
    return jnp.maximum(margin - score, 0.0)


def run():
    sum_first_k(jnp.arange(3.0), 2)
    hinge(jnp.float32(1.0), jnp.float32(0.3))
