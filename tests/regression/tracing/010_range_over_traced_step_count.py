"""A forward-Euler integrator looping `for i in range(n_steps)` with traced `n_steps`.

Source: https://github.com/jax-ml/jax/issues/25186
The jitted `forwardEuler` raised TracerIntegerConversionError: the number of steps was a
regular (traced) argument used as a Python loop bound.

Observed on jax 0.10.x: raises TracerIntegerConversionError
"""

import jax
import jax.numpy as jnp


def forward_euler(y0, t0, t1, n_steps):
    h = (t1 - t0) / n_steps
    y = y0
    for _ in range(n_steps):  # expect: JAX204
        y = y + h * (-y)
    return y


forward_euler_jit = jax.jit(forward_euler)


def run():
    return forward_euler_jit(jnp.ones(2), 0.0, 1.0, 10)
