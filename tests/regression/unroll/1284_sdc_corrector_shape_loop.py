"""A jitted deferred-correction sweep loops in Python over the number of
collocation nodes read from the input's shape, so the sweep is unrolled once
per node.

Source: https://github.com/VLSF/SDC/blob/059c6624faed7b42ce6cb48042c6379aaa592001/misc/utils.py
``misc/utils.py::corrector`` is ``@partial(jit, static_argnums=[2, 5, 6])``
and runs ``for i in range(1, v.shape[0]): u = u.at[i].set(integration_step(
u[i-1] + delta[i-1], v[i-1+implicit], F_, h[i-1], t[i-1+implicit]))``; the
trip count is the leading dimension of the provisional solution ``v``.  The
correction below follows that function with an explicit-Euler step.

Observed on jax 0.10.2: runs
"""
from functools import partial

import jax.numpy as jnp
from jax import jit


def chebyshev_grid(n):
    return jnp.cos(jnp.pi * jnp.arange(n) / (n - 1))[::-1]


def transform_to_interval(F, a, b):
    return lambda u, x: F(u, (b - a) * (x + 1) / 2 + a) * (b - a) / 2


def euler_correction_step(u, v, F, h, t):
    return u + h * F(u, v, t)


@partial(jit, static_argnums=[2, 5, 6])
def corrector(v, delta, F, t0, t1, integration_step, implicit=0):
    u = jnp.zeros(v.shape)
    t = chebyshev_grid(v.shape[0])
    G = transform_to_interval(F, t0, t1)
    F_ = lambda u, v, t: G(u + v, t) - G(v, t)
    h = (jnp.roll(t, -1) - t)[:-1]
    delta = (jnp.roll(delta, -1, axis=0) - delta)[:-1]
    for i in range(1, v.shape[0]):  # expect: JAX407
        u = u.at[i].set(integration_step(u[i - 1] + delta[i - 1], v[i - 1 + implicit], F_, h[i - 1], t[i - 1 + implicit]))
    return u


def decay(u, t):
    return -2.0 * u


def run():
    v = jnp.ones((96, 2))
    delta = jnp.zeros((96, 2))
    return corrector(v, delta, decay, 0.0, 1.0, euler_correction_step)
