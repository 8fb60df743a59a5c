from typing import Any, Callable

import equinox as eqx
import optax


class TrainState(eqx.Module):
    """Minimal stand-in for flax.training.train_state.TrainState."""
    params: Any
    opt_state: Any
    apply_fn: Callable = eqx.field(static=True)
    tx: optax.GradientTransformation = eqx.field(static=True)

    @classmethod
    def create(cls, apply_fn, params, tx):
        return cls(params=params, opt_state=tx.init(params), apply_fn=apply_fn, tx=tx)

    def apply_gradients(self, grads):
        updates, opt_state = self.tx.update(grads, self.opt_state, self.params)
        return TrainState(optax.apply_updates(self.params, updates), opt_state, self.apply_fn, self.tx)
