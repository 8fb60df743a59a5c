"""Whole training loop (a default of 100 iterations) written in Python inside jit.

Source: https://github.com/google/flax/issues/4085
"Dropout seems not compatible with jax.jit": besides the jitted train step, the
user decorated `fit` with `@jax.jit` and ran `for i in tqdm(range(1000)):
params, opt_state, loss = train(...)` inside it, so every optimisation step is
traced and unrolled into one program. Here the iteration count is a default
argument of the jitted `fit`.

Observed on jax 0.10.2: fit compiled 1 time
"""
from functools import partial

import jax
import jax.numpy as jnp


def mse(params, X, y):
    pred = jnp.tanh(X @ params["w1"]) @ params["w2"]
    return jnp.mean((pred[:, 0] - y) ** 2)


def train_step(params, X, y, lr=1e-2):
    loss, grads = jax.value_and_grad(mse)(params, X, y)
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads), loss


@partial(jax.jit, static_argnames=("n_iters",))
def fit(params, X, y, n_iters=100):
    losses = []
    for i in range(n_iters):  # expect: JAX407
        params, loss = train_step(params, X, y)
        losses.append(loss)
    return params, jnp.stack(losses)


def run():
    params = {"w1": jnp.ones((3, 8)) * 0.1, "w2": jnp.ones((8, 1)) * 0.1}
    X, y = jnp.ones((16, 3)), jnp.zeros(16)
    params, losses = fit(params, X, y)
    return losses[-1]
