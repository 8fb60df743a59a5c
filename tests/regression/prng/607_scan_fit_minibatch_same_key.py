"""`lax.scan` fit loop whose carried key is used to pick minibatches but never advanced.

Source: https://github.com/thomaspinder/GPJax/pull/99
GPJax's `fit_batches` carried `(params, opt_state, prng)` through a scanned
`step` and drew `indicies = jr.choice(prng, n, (batch_size,), replace=True)`
from the carried key, returning it unchanged; the PR ("Fix fit batches")
made each step derive a new key. As written, every iteration trains on the
same minibatch.

Observed on jax 0.10.2: 4 of 5 calls
"""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import jax.random as jr


class Dataset(NamedTuple):
    X: jax.Array
    y: jax.Array


def objective(params, batch):
    return jnp.mean((batch.X @ params - batch.y) ** 2)


def fit_batches(params, train_data, key, n_iters=5, batch_size=4):
    x, y = train_data.X, train_data.y
    n = x.shape[0]

    def step(carry, _):
        params, prng = carry
        indicies = jr.choice(prng, n, (batch_size,), replace=True)  # expect: JAX502,JAX503
        batch = Dataset(X=x[indicies], y=y[indicies])
        g = jax.grad(objective)(params, batch)
        return (params - 0.1 * g, prng), indicies

    (params, _), idx = jax.lax.scan(step, (params, key), None, length=n_iters)
    return params, idx


def run():
    x = jr.normal(jr.key(1), (32, 2))
    data = Dataset(x, x @ jnp.array([1.0, -1.0]))
    _, idx = fit_batches(jnp.zeros(2), data, jr.key(0))
    return sum(bool(jnp.all(i == idx[0])) for i in idx[1:])
