"""JAX-Fluids' NN trainer keeps a Python step counter and a loss history on the trainer object
(`self.step += 1`, `self.history[...].append(...)`) and jits its `train_step` method with
`static_argnums=(0, 3, 5)` (self, the optax optimizer, the loss function). The mutation happens
in the host loop, not inside the jitted method, and `train_step` never reads `self.step`; the
optimizer and loss function are built once, so the static arguments hash the same every step.

Source: https://github.com/tumaer/JAXFLUIDS/blob/70dbc0a6a39854c6f88bda1b154dc7eb28175269/src/jaxfluids_nn/trainer.py#L329
Observed on jax 0.10.x: train_step compiled 1 times
"""
import jax.numpy as jnp
import numpy as np

from trainer import Trainer


def loss_fn(params_dict, batch):
    x, y = batch
    pred = x @ params_dict["w"] + params_dict["b"]
    loss = jnp.mean((pred - y) ** 2)
    return loss, {"number_nan_samples": jnp.sum(jnp.isnan(pred))}


def run():
    rng = np.random.RandomState(0)
    dl_train = [(rng.randn(8, 3).astype(np.float32), rng.randn(8, 1).astype(np.float32))
                for _ in range(4)]
    params = {"w": jnp.zeros((3, 1)), "b": jnp.zeros((1,))}
    trainer = Trainer()
    trainer.train(dl_train, epochs=3, loss_fn=loss_fn, params_dict=params)
    assert trainer.step == 12
