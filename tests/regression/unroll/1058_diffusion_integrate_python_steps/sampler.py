import functools

import jax
import jax.numpy as jnp

from integrate import integrate_stochastic


def score_drift(state, time):
    return -state * (1.0 + time)


@functools.partial(jax.jit, static_argnames=("steps",))
def sample(seed, num_samples_init, steps=500):
    z = jax.random.normal(seed, num_samples_init.shape)
    return integrate_stochastic(score_drift, z, 1.0, 0.0, steps, seed)
