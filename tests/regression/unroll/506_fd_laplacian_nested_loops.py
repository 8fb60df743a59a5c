"""Finite-difference Laplacian written as nested Python loops over grid indices inside jit.

Source: https://github.com/jax-ml/jax/issues/1811
"I'm experimenting implementing finite-difference operators in Jax, which, in the simplest
implementation requires 2 or 3 nested `for` loops"; the loop version (a matmul written the same
way) was orders of magnitude slower than the vectorised one and got worse as the size doubled.
Here the stencil is applied point by point with `.at[i, j].set` in two nested Python loops, so
tracing emits one scatter per grid point.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp

N = 16


@jax.jit
def laplacian(u, h):
    out = jnp.zeros_like(u)
    for i in range(1, u.shape[0] - 1):  # expect: JAX407
        for j in range(1, u.shape[1] - 1):  # expect: JAX407
            stencil = u[i + 1, j] + u[i - 1, j] + u[i, j + 1] + u[i, j - 1] - 4.0 * u[i, j]
            out = out.at[i, j].set(stencil / h ** 2)
    return out


def run():
    x = jnp.linspace(0.0, 1.0, N)
    u = jnp.sin(jnp.pi * x)[:, None] * jnp.sin(jnp.pi * x)[None, :]
    return laplacian(u, 1.0 / (N - 1))
