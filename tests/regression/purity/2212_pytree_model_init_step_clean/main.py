"""treex's examples/cnn_model.py wraps the network and optimizer in a `Model(tx.Module)` and jits its
methods with `self` as a regular (pytree) argument: `init_step` does `self.module = ...init(...)` and
`self.optimizer = self.optimizer.init(...)` and then `return self`, and the training loop rebinds
`model = model.init_step(seed, x)` / `model, logs = model.train_step(x, y)`. The attribute assignments
look like mutating state inside jit, but they act on the traced copy of the pytree that the method then
returns; the caller only ever uses the returned model, so every step sees the updated parameters.

Source: https://github.com/cgarciae/treex/blob/af0c5a06e4abe953ba2f5c1dec6722782eaedf19/examples/cnn_model.py#L45
Observed on jax 0.10.x: train_step compiled 1 times; 0 of 3 calls
"""
from functools import partial

import jax
import jax.numpy as jnp
import optax

from module import Module

tx_optimizer = optax.sgd(0.1)


class Model(Module):
    def __init__(self, n_in: int, n_out: int):
        self.params = {"w": jnp.zeros((n_in, n_out)), "b": jnp.zeros((n_out,))}
        self.opt_state = None
        self.steps = jnp.zeros((), jnp.int32)

    def __call__(self, x):
        return x @ self.params["w"] + self.params["b"]

    @partial(jax.jit, static_argnums=(1,))
    def init_step(self, seed: int, inputs):
        key = jax.random.PRNGKey(seed)
        self.params = {"w": jax.random.normal(key, (inputs.shape[-1], 3)) * 0.1, "b": jnp.zeros((3,))}
        self.opt_state = tx_optimizer.init(self.params)
        return self

    @staticmethod
    def loss_fn(params, model, x, y):
        model.params = params
        loss = jnp.mean((model(x) - y) ** 2)
        return loss, model

    @jax.jit
    def train_step(self, x, y):
        model = self
        params = model.params
        (loss, model), grads = jax.value_and_grad(model.loss_fn, has_aux=True)(params, model, x, y)
        model.params = params
        updates, model.opt_state = tx_optimizer.update(grads, model.opt_state, model.params)
        model.params = optax.apply_updates(model.params, updates)
        model.steps = model.steps + 1
        return model, loss


def run():
    x = jnp.ones((16, 4))
    y = jnp.ones((16, 3))
    model = Model(4, 3)
    model = model.init_step(42, x)
    stale = 0
    for i in range(3):
        before = model.params["w"]
        model, loss = model.train_step(x, y)
        stale += bool(jnp.allclose(before, model.params["w"])) or int(model.steps) != i + 1
    return stale


if __name__ == "__main__":
    print(run())
