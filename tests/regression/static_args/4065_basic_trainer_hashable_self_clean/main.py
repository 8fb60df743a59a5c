"""chemise fixed its keras-like BasicTrainer by making the trainer itself the
static argument: `@dataclass(unsafe_hash=True)` with the mutable TrainState
declared `field(compare=False)`, so the hash only covers the loss function,
and `@partial(jax.jit, static_argnums=(0,))` on train_step(self, state, batch).
self is hashable and its hash does not change while self.state is replaced
after every step, so train_step compiles once for the whole fit.

Source: https://github.com/TimCargan/chemise/blob/d0c96698aec6d30fe92da73030feb99a6bd207c2/src/chemise/traning/basic_trainer.py#L68
Observed on jax 0.10.x: train_step compiled 1 times
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
    BasicTrainer(state, mse).fit(data, num_epochs=2)
