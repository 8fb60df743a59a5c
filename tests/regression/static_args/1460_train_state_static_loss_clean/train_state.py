"""Subclass of the TrainState, to be able to jit our "train step" method."""
import dataclasses
from typing import Any, Callable

import jax


@dataclasses.dataclass(frozen=True)
class TrainStateWithLoss:
    params: Any
    batch_stats: Any
    step: Any
    loss_fn: Callable

    def apply_gradients(self, grads, lr=1e-2):
        params = jax.tree_util.tree_map(lambda p, g: p - lr * g, self.params, grads)
        return dataclasses.replace(self, params=params, step=self.step + 1)


jax.tree_util.register_dataclass(
    TrainStateWithLoss,
    data_fields=["params", "batch_stats", "step"],
    meta_fields=["loss_fn"],
)
