"""A piecewise potential written with a Python ``if`` on its argument, mapped with ``vmap``.

Source: https://apxml.com/courses/getting-started-with-jax/chapter-2-accelerating-functions-jit/jit-common-pitfalls
Report: the "JIT common pitfalls" lesson: a function that does ``if x > 0: return x * 2``
cannot be traced because Python's ``if`` needs a concrete boolean while the value is an
abstract tracer; use ``jax.lax.cond``/``jnp.where``. Here a pair potential with a hard-core
branch is evaluated over a batch of distances with ``jax.vmap``.

Observed on jax 0.10.2: raises TracerBoolConversionError
"""
import jax
import jax.numpy as jnp

R_CORE = 0.8


def pair_potential(r, epsilon=1.0, sigma=1.0):
    if r < R_CORE:  # expect: JAX201
        return jnp.asarray(1e6)
    sr6 = (sigma / r) ** 6
    return 4 * epsilon * (sr6**2 - sr6)


def total_energy(distances):
    return jnp.sum(jax.vmap(pair_potential)(distances))


def run():
    return total_energy(jnp.array([0.9, 1.1, 1.5, 2.0]))
