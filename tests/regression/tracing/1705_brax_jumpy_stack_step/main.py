"""A new brax user copied the environments notebook: create the `reacher` env, reset it
with `jp.random_prngkey(seed=0)`, then `jit_env_step = jax.jit(env.step)` and step once.
The jitted step raised TracerArrayConversionError: inside the env, brax's `jumpy` shim
decided that a Python list of traced quaternion components was "numpy" input and called
`onp.stack` on it, which tries to turn the tracers into a NumPy array.

Source: https://github.com/google/brax/issues/321
Observed on jax 0.10.x: raises TracerArrayConversionError
"""
import jax
from jax import numpy as jnp

from reacher import Reacher


def run():
    env = Reacher()
    state = env.reset(rng=jax.random.PRNGKey(0))
    jit_env_step = jax.jit(env.step)
    state = jit_env_step(state, jnp.ones((env.action_size,)))
    return state
