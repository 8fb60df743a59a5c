"""A static size recomputed by an inner jitted helper becomes a tracer.

Source: https://github.com/jax-ml/jax/issues/35090
`add1` and `my_arange` were both jitted with `static_argnums=(0,)`; inside
`my_arange`, `jnp.arange(add1(k))` failed with ConcretizationTypeError (on 0.10.2 a TypeError "Shapes must be 1D sequences of concrete values") although
`k` was static everywhere: the output of a jitted call is always traced, so the
size that should have stayed a static Python int was not. Here a config helper
computes a padded buffer length with a jitted function, and the result is used as
a shape inside the jitted rollout.

Observed on jax 0.10.2: raises TypeError
"""
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(0,))
def padded_length(horizon):
    return horizon + 1


@partial(jax.jit, static_argnums=(1,))
def rollout_buffer(x0, horizon):
    buf = jnp.zeros(padded_length(horizon))  # expect: JAX204
    return buf.at[0].set(x0)


def run():
    return rollout_buffer(jnp.float32(1.0), 5)
