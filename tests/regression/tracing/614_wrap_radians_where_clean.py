"""Angles are wrapped with `xp.where` instead of a boolean-mask assignment (clean look-alike).

Source: https://github.com/scipy/scipy/pull/22256
Adding JAX support to `scipy.special`, `_wrap_radians` replaced
`out[no_wrap] = x[no_wrap]` by `xp.where(no_wrap, x, wrapped)`; the review
explains this is for compatibility with jitted JAX, which does not support
updates through boolean masks. Same computation, static shapes.

Observed on jax 0.10.2: runs
"""
import math

import jax
import jax.numpy as jnp


def _wrap_radians(x, xp=jnp):
    # Wrap radians to (-pi, pi] interval
    wrapped = -((-x + math.pi) % (2 * math.pi) - math.pi)
    # preserve relative precision
    no_wrap = xp.abs(x) < math.pi
    return xp.where(no_wrap, x, wrapped)


@jax.jit
def phase_of(z):
    return _wrap_radians(jnp.angle(z) * 3.0)


def run():
    return phase_of(jnp.array([1 + 1j, -1 + 0.5j, 0.3 - 2j]))
