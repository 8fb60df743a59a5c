"""Clean look-alike: the train step is jitted once, outside the loop.

Source: https://github.com/google/flax/issues/1218
The maintainer's suggested rewrite: decorate train_step with jax.jit at
definition time and only call it inside the loop (the learning rate is a
traced argument, not a freshly bound partial).

Observed on jax 0.10.2: train_step compiled 1 times
"""
import jax
import jax.numpy as jnp


def loss_fn(params, batch):
    x, y = batch
    pred = jnp.tanh(x @ params["w1"]) @ params["w2"]
    return jnp.mean((pred - y) ** 2)


@jax.jit
def train_step(params, batch, lr):
    grads = jax.grad(loss_fn)(params, batch)
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


def train(params, batches, lr=0.05):
    for batch in batches:
        params = train_step(params, batch, lr)
    return params


def run():
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(0), 3)
    params = {"w1": jax.random.normal(k1, (8, 16)) * 0.1, "w2": jax.random.normal(k2, (16, 1)) * 0.1}
    xs = jax.random.normal(k3, (4, 32, 8))
    batches = [(xs[i], xs[i].sum(axis=1, keepdims=True)) for i in range(4)]
    return train(params, batches)
