"""Jaxmod's overview (conventions for Equinox/JAX scientific code) requires that callables
passed as static arguments be hashable and stable. A module-level function such as a
power law is hashed by identity, and the same object is passed on every call, so a jit
with static_argnames=("fn",) compiles once and is reused. Clean look-alike of a function
passed at a static position.

Source: https://jaxmod.readthedocs.io/en/stable/overview.html
Observed on jax 0.10.x: apply_model compiled 1 times
"""
from functools import partial

import jax
import jax.numpy as jnp


def power_law(x, amplitude, index):
    return amplitude * x ** index


@partial(jax.jit, static_argnames=("fn",))
def apply_model(x, amplitude, index, fn):
    return jnp.sum(fn(x, amplitude, index))


def run():
    x = jnp.linspace(1.0, 2.0, 8)
    for amp in (1.0, 2.0, 3.0):
        apply_model(x, amp, -1.5, fn=power_law)
    return 0
