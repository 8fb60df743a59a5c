"""`jax.jit(jax.grad(loss))(params)` written inline in the optimisation loop.

Source: https://github.com/jax-ml/jax/issues/19654
The report's optimisation loop takes `jax.grad(loss)` every step; writing `jax.jit(jax.grad(loss))`
inline in such a loop makes a new grad function per step, and jit compiles each one.

Observed on jax 0.10.x: loss compiled 3 times
"""

import jax
import jax.numpy as jnp


def loss(x_):
    return jnp.sum(x_ ** 2)


def optimise(x, iterations=3):
    for _ in range(iterations):
        grads = jax.jit(jax.grad(loss))(x)  # expect: JAX401
        x = x - 0.1 * grads
    return x


def run():
    optimise(jnp.ones(3))
