"""Epoch loop written with ``lax.fori_loop`` pulls batches with ``next`` on an
outer Python iterator inside the loop body.

Source: https://github.com/jax-ml/jax/issues/3567
"Using iterator with fori_loop": ``batch = next(train_iterator)`` inside
``loop_fun`` of a jitted ``run_epoch``; "The batch value is always same in a
loop" because the body is traced once.

Observed on jax 0.10.2: 1 of 1 calls
"""
import jax
import jax.numpy as jnp
from jax import lax

batches = [jnp.full((4, 2), float(i)) for i in range(10)]
train_iterator = iter(batches)


def loss(params, batch):
    return jnp.mean((batch @ params) ** 2)


@jax.jit
def run_epoch(params):
    def loop_fun(idx, params):
        batch = next(train_iterator)  # expect: JAX107
        grads = jax.grad(loss)(params, batch)
        return params - 0.01 * grads

    return lax.fori_loop(0, 5, loop_fun, params)


def run():
    params = jnp.ones(2)
    run_epoch(params)
    # five steps ran, but the Python iterator advanced only once (at trace time)
    remaining = sum(1 for _ in train_iterator)
    return int(remaining == 9)
