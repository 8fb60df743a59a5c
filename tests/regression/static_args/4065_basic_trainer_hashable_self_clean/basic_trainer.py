from dataclasses import dataclass, field
from functools import partial
from typing import Callable

import numpy as np
import jax

from train_state import TrainState


@dataclass(unsafe_hash=True)
class BasicTrainer:
    """
    Implement boilerplate helper methods to fit basic models similar to what we get in keras
    """

    state: TrainState = field(compare=False)
    loss_fn: Callable

    @partial(jax.jit, static_argnums=(0,))
    def train_step(self, state, batch):
        def step(params):
            y_pred = state.apply_fn({'params': params}, batch[0])
            loss = self.loss_fn(batch[1], y_pred)
            return loss

        grad_fn = jax.value_and_grad(step, has_aux=False)
        loss, grads = grad_fn(state.params)
        state = state.apply_gradients(grads=grads)
        metrics = {"loss": loss}
        return state, metrics

    def fit(self, data, num_epochs=1):
        for e in range(num_epochs):
            track_loss = []
            for i in data:
                self.state, loss = self.train_step(self.state, i)
                track_loss.append(loss["loss"])
            mean_loss = np.mean(track_loss)
