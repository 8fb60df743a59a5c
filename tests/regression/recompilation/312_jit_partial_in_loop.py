"""jax.jit applied to a new functools.partial on every iteration.

Source: https://github.com/jax-ml/jax/pull/1637
`jit(partial(f, 2))(3)` then `jit(partial(f, 2))(5)`: equal-but-not-identical
callables. The thread shows the real-world pattern (bound methods, partials
rebuilt in a loop) and the test timeouts from repeated big recompilations.
Each `functools.partial` is a new object without value equality.

Observed on jax 0.10.2: kernel_matrix compiled 3 times
"""
import functools

import jax
import jax.numpy as jnp


def kernel_matrix(x, y, lengthscale):
    d2 = jnp.sum((x[:, None] - y[None]) ** 2, -1)
    return jnp.exp(-0.5 * d2 / lengthscale ** 2)


def sweep_lengthscale(x, lengthscales):
    out = []
    for ls in lengthscales:
        k = jax.jit(functools.partial(kernel_matrix, lengthscale=ls))(x, x)  # expect: JAX401
        out.append(jnp.linalg.slogdet(k + 1e-3 * jnp.eye(x.shape[0]))[1])
    return jnp.stack(out)


def run():
    x = jnp.linspace(0.0, 1.0, 6)[:, None]
    return sweep_lengthscale(x, [0.1, 0.3, 1.0])
