"""The first version of chemise's keras-like BasicTrainer declares
`@staticmethod @jax.jit def train_step(state, loss_fn, batch)` and fit() calls
it as `self.train_step(self.state, self.loss_fn, i)`. The loss function is a
plain Python callable passed at a traced position (nothing is static), so the
very first training step fails: jit cannot turn a function into an abstract
array. (The next commit moved to partial(jax.jit, static_argnums=(0,)) with
loss_fn read from a hashable self.)

Source: https://github.com/TimCargan/chemise/blob/cdcb501917aca1a70187b7b0bdbade552d831746/src/chemise/traning/basic_trainer.py#L24
Observed on jax 0.10.x: raises TypeError
"""
import jax
import jax.numpy as jnp
import optax

from basic_trainer import BasicTrainer
from train_state import TrainState


def mse(y_true, y_pred):
    return jnp.mean((y_true - y_pred) ** 2)


def apply_fn(variables, x):
    return x @ variables["params"]["w"]


def run():
    state = TrainState.create(apply_fn=apply_fn, params={"w": jnp.zeros((3, 1))}, tx=optax.sgd(0.1))
    x = jax.random.normal(jax.random.PRNGKey(0), (8, 3))
    data = [(x, x.sum(axis=1, keepdims=True))] * 3
    BasicTrainer(state, mse).fit(data, num_epochs=1)
