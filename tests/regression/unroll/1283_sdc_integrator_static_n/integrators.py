"""Explicit one-step integrators (stage functions are passed as static args)."""
from functools import partial

from jax import jit


@partial(jit, static_argnums=[1, ])
def explicit_euler(u, F, h, t):
    return u + h * F(u, t)


@partial(jit, static_argnums=[1, ])
def rk4(u, F, h, t):
    a = F(u, t)
    b = F(u + a * h / 2, t + h / 2)
    c = F(u + b * h / 2, t + h / 2)
    d = F(u + c * h, t + h)
    return u + h * (a + 2 * b + 2 * c + d) / 6
