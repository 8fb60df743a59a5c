"""A jitted update whose `static_argnames` are frozen from the first call's kwargs.

Source: https://github.com/markean/aimz/issues/271
`train_on_batch()` built its jitted `SVI.update` once per model instance,
deriving `static_argnames` from the non-array keyword arguments of the first
call and reusing it afterwards. A later call with a different non-array kwarg
(here the string `scale`) reaches jit as a dynamic argument and fails.

Observed on jax 0.10.2: raises TypeError
"""
import jax.numpy as jnp

from .model import Model


def run():
    m = Model(jnp.zeros(3))
    batch = jnp.ones((4, 3))
    m.train_on_batch(batch, num_particles=2)
    return m.train_on_batch(batch, num_particles=2, scale="none")
