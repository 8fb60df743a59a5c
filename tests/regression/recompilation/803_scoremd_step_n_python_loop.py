"""ScoreMD: Langevin `step_n` unrolls `num_steps` integrator steps in a Python loop.

Source: https://github.com/noegroup/ScoreMD/pull/7
(ScoreMD, "Replace Python for loop with jax.lax.scan in step_n").

`step_n` advances the Langevin integrator `num_steps` times with a Python
`for` loop inside a jitted function (`num_steps` static), splitting the key and
calling `step_single` on every iteration. "This causes JAX to unroll the full
loop at trace/compile time, which leads to longer compilation times and higher
memory usage as num_steps grows." The maintainers replied that they unroll a
few steps on purpose and use `lax.scan` for the long simulation (clean
look-alike); with the 40 steps used here the whole trajectory is unrolled.
(Measured here on CPU: about 7 s to compile for 40 steps, about 2 min for 100.)

Observed on jax 0.10.2: runs
"""
from functools import partial

import jax
import jax.numpy as jnp


def force_fn(x):
    # double-well potential U(x) = (x^2 - 1)^2
    return -4.0 * x * (x**2 - 1.0)


def step_single(x, v, key, dt=1e-3, gamma=1.0, kT=1.0, mass=1.0):
    c1 = jnp.exp(-gamma * dt)
    c2 = jnp.sqrt((1 - c1**2) * kT / mass)
    v = v + 0.5 * dt * force_fn(x) / mass
    x = x + 0.5 * dt * v
    v = c1 * v + c2 * jax.random.normal(key, v.shape)
    x = x + 0.5 * dt * v
    v = v + 0.5 * dt * force_fn(x) / mass
    return x, v


@partial(jax.jit, static_argnames=("num_steps",))
def step_n(x, v, key, num_steps, **kwargs):
    for _ in range(num_steps):  # expect: JAX407
        key, subkey = jax.random.split(key)
        x, v = step_single(x, v, subkey, **kwargs)
    return x, v, key


def run():
    x = jnp.full((16,), -1.0)
    v = jnp.zeros((16,))
    x, v, key = step_n(x, v, jax.random.PRNGKey(0), num_steps=40)
    return x
