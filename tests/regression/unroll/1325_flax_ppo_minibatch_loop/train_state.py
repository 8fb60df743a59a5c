from typing import Any, Callable

import equinox as eqx
import optax


class TrainState(eqx.Module):
    """Minimal stand-in for flax.training.train_state.TrainState."""

    step: Any
    params: Any
    opt_state: Any
    apply_fn: Callable = eqx.field(static=True)
    tx: optax.GradientTransformation = eqx.field(static=True)

    @classmethod
    def create(cls, *, apply_fn, params, tx):
        return cls(step=0, params=params, opt_state=tx.init(params), apply_fn=apply_fn, tx=tx)

    def apply_gradients(self, *, grads):
        updates, opt_state = self.tx.update(grads, self.opt_state, self.params)
        params = optax.apply_updates(self.params, updates)
        return TrainState(step=self.step + 1, params=params, opt_state=opt_state,
                          apply_fn=self.apply_fn, tx=self.tx)
