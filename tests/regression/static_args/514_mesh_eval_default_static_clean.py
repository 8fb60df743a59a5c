"""Plot helper whose static_argnums includes a parameter that has a default (works today).

Source: https://github.com/jax-ml/jax/pull/1473
The ADVI example jitted `mesh_eval(func, x_limits, y_limits, params, num_ticks=101)` with
`static_argnums=(0, 1, 2, 4)`; `num_ticks` was never passed, which errored in 2019, so the PR
dropped index 4. Today the index is in range of the signature and the default is used; the
limits are tuples, so everything static is hashable.

Observed on jax 0.10.2: mesh_eval compiled 1 times
"""
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnums=(0, 1, 2, 4))
def mesh_eval(func, x_limits, y_limits, params, num_ticks=101):
    xs = jnp.linspace(x_limits[0], x_limits[1], num_ticks)
    ys = jnp.linspace(y_limits[0], y_limits[1], num_ticks)
    X, Y = jnp.meshgrid(xs, ys)
    pts = jnp.stack([X.ravel(), Y.ravel()], axis=1)
    return jax.vmap(func, in_axes=(0, None))(pts, params).reshape(X.shape)


def log_density(z, params):
    mu, log_sigma = params
    return -0.5 * jnp.sum(((z - mu) / jnp.exp(log_sigma)) ** 2)


def run():
    params = (jnp.zeros(2), jnp.zeros(2))
    out = None
    for _ in range(3):
        out = mesh_eval(log_density, (-2, 2), (-4, 2), params)
    return out
