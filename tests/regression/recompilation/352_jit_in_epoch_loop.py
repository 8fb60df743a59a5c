"""jax.jit applied to the train step inside the training loop.

Source: https://github.com/google/flax/issues/1218
A user's Transformer trained "many orders of magnitude slower" than expected;
the maintainer pointed at the placement of jax.jit: the train script called
jit on every iteration (on a freshly bound step), so nothing was reused. The fix is one jitted
train_step defined outside the loop.

Observed on jax 0.10.2: apply_gradients compiled 4 times
"""
from functools import partial

import jax
import jax.numpy as jnp


def loss_fn(params, batch):
    x, y = batch
    pred = jnp.tanh(x @ params["w1"]) @ params["w2"]
    return jnp.mean((pred - y) ** 2)


def apply_gradients(params, batch, lr):
    grads = jax.grad(loss_fn)(params, batch)
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


def train(params, batches, lr=0.05):
    for batch in batches:
        step = jax.jit(partial(apply_gradients, lr=lr))
        params = step(params, batch)  # expect: JAX401
    return params


def run():
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(0), 3)
    params = {"w1": jax.random.normal(k1, (8, 16)) * 0.1, "w2": jax.random.normal(k2, (16, 1)) * 0.1}
    xs = jax.random.normal(k3, (4, 32, 8))
    batches = [(xs[i], xs[i].sum(axis=1, keepdims=True)) for i in range(4)]
    return train(params, batches)
