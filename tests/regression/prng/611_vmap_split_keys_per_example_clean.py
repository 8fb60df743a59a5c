"""Per-example loss vmapped with one split key per example (clean).

Source: https://github.com/jax-ml/jax/issues/7708
The issue describes the usual pattern: `keys = jax.random.split(key,
num=xs.shape[0])` and `vmap(loss, in_axes=(0, None, 0))(keys, params, xs)`, so
each example draws its own noise; no two examples share a sample.

Observed on jax 0.10.2: 0 of 3 calls
"""
import jax
import jax.numpy as jnp


def loss(key, params, x):
    eps = jax.random.normal(key, x.shape)
    return jnp.sum((x + 0.1 * eps) * params), eps


def average_loss(key, params, xs):
    keys = jax.random.split(key, num=xs.shape[0])
    losses, eps = jax.vmap(loss, in_axes=(0, None, 0))(keys, params, xs)
    return jnp.mean(losses), eps


def run():
    key = jax.random.key(0)
    params = jnp.ones(4)
    xs = jnp.zeros((5, 4))
    dup = 0
    for _ in range(3):
        key, sub = jax.random.split(key)
        _, eps = average_loss(sub, params, xs)
        dup += bool(jnp.any(jnp.all(eps[1:] == eps[0], axis=-1)))
    return dup
