"""Clean: the kernel is jitted once and the lengthscale is a traced argument.

Source: https://github.com/jax-ml/jax/pull/1637
Hoisting the jit out of the loop and passing the hyperparameter as an
ordinary argument keeps one cache entry for the whole sweep.

Observed on jax 0.10.2: kernel_matrix compiled 1 times
"""
import jax
import jax.numpy as jnp


@jax.jit
def kernel_matrix(x, y, lengthscale):
    d2 = jnp.sum((x[:, None] - y[None]) ** 2, -1)
    return jnp.exp(-0.5 * d2 / lengthscale ** 2)


def sweep_lengthscale(x, lengthscales):
    out = []
    for ls in lengthscales:
        k = kernel_matrix(x, x, jnp.float32(ls))
        out.append(jnp.linalg.slogdet(k + 1e-3 * jnp.eye(x.shape[0]))[1])
    return jnp.stack(out)


def run():
    x = jnp.linspace(0.0, 1.0, 6)[:, None]
    return sweep_lengthscale(x, [0.1, 0.3, 1.0])
