"""The same collocation integrator with the time stepping expressed as
lax.fori_loop, so the traced program has one loop body regardless of N.

Source: https://github.com/VLSF/SDC/blob/059c6624faed7b42ce6cb48042c6379aaa592001/misc/utils.py
Look-alike of ``misc/utils.py::integrator`` (static ``N``, static step
function): the body ``u.at[i].set(integration_step(u[i-1], G, h[i-1],
t[i-1]))`` is moved into a ``fori_loop`` with dynamic indexing, the standard
rewrite of a Python loop over a static count.

Observed on jax 0.10.2: runs
"""
from functools import partial

import jax
import jax.numpy as jnp
from jax import jit


def chebyshev_grid(n):
    return jnp.cos(jnp.pi * jnp.arange(n) / (n - 1))[::-1]


def transform_to_interval(F, a, b):
    return lambda u, x: F(u, (b - a) * (x + 1) / 2 + a) * (b - a) / 2


def explicit_euler(u, F, h, t):
    return u + h * F(u, t)


@partial(jit, static_argnums=[1, 2, 5])
def integrator(u0, F, N, t0, t1, integration_step):
    u = jnp.zeros((N, u0.shape[0])).at[0].set(u0)
    t = chebyshev_grid(N)
    G = transform_to_interval(F, t0, t1)
    h = (jnp.roll(t, -1) - t)[:-1]

    def body(i, u):
        return u.at[i].set(integration_step(u[i - 1], G, h[i - 1], t[i - 1]))

    return jax.lax.fori_loop(1, N, body, u)


def decay(u, t):
    return -u


def run():
    return integrator(jnp.ones(3), decay, 128, 0.0, 1.0, explicit_euler)
