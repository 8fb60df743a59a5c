from functools import partial
from typing import Callable, Dict, Tuple

import jax
import numpy as np
import optax


class Trainer:

    def __init__(self, learning_rate: float = 1e-3) -> None:
        self.step = 0
        self.history = {"loss_train": [], "learning_rate": []}
        self.schedule_fn = optax.exponential_decay(learning_rate, 100, 0.9)

    def _initialize(self, params_dict):
        opt = optax.adam(self.schedule_fn)
        opt_state = opt.init(params_dict)
        return opt, opt_state

    def train(self, dl_train, epochs: int, loss_fn: Callable, params_dict: Dict):
        opt, opt_state = self._initialize(params_dict)
        for epoch in range(1, epochs + 1):
            epoch_loss = 0.0
            for ii, batch in enumerate(dl_train):
                self.step += 1
                params_dict, opt_state, loss, loss_info = self.train_step(
                    params_dict, opt_state, opt, batch, loss_fn)
                epoch_loss += float(loss) / len(dl_train)
            self.history["loss_train"].append(epoch_loss)
            self.history["learning_rate"].append(float(self.schedule_fn(self.step)))
        return params_dict, opt_state

    @partial(jax.jit, static_argnums=(0, 3, 5))
    def train_step(
            self,
            params_dict: Dict,
            opt_state: optax.OptState,
            optimizer: optax.GradientTransformation,
            batch: Tuple[np.ndarray, np.ndarray],
            loss_fn: Callable
        ):
        """Training step
        """
        (loss, loss_info), grads = jax.value_and_grad(loss_fn, has_aux=True)(
            params_dict, batch)
        updates, opt_state = optimizer.update(grads, opt_state)
        new_params = optax.apply_updates(params_dict, updates)
        return new_params, opt_state, loss, loss_info
