"""Static layer sizes closed over with functools.partial before jit.

Source: https://apxml.com/courses/advanced-jax/chapter-1-advanced-jax-transformations-control-flow/closures-jax-staging
What happened: the course explains that values a jitted function closes over are
baked in at trace time, so configuration that shapes the computation (here a
tuple of layer sizes) can be bound with a closure/partial instead of being passed
as a traced or unhashable argument.
Observed on jax 0.10.2: runs
"""
import functools

import jax
import jax.numpy as jnp

LAYER_SIZES = (4, 8, 2)


def mlp_forward(params, x, layer_sizes):
    for (w, b), _ in zip(params, layer_sizes[1:]):
        x = jnp.tanh(x @ w + b)
    return x


forward = jax.jit(functools.partial(mlp_forward, layer_sizes=LAYER_SIZES))


def init(key):
    params = []
    for n_in, n_out in zip(LAYER_SIZES[:-1], LAYER_SIZES[1:]):
        key, sub = jax.random.split(key)
        params.append((jax.random.normal(sub, (n_in, n_out)), jnp.zeros(n_out)))
    return params


def run():
    params = init(jax.random.PRNGKey(0))
    return forward(params, jnp.ones((3, 4))).sum()
