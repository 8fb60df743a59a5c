"""A trainer that jits its own step and appends the loss to `self.history` inside it.

Source: https://github.com/jax-ml/jax/pull/20732
The stateful-computations tutorial: methods that change object state as a side effect do not
do so under `jit`; the history list gets one (traced) entry.

Observed on jax 0.10.x: recorded in 1 of 3 calls
"""

import jax
import jax.numpy as jnp


class Trainer:
    def __init__(self):
        self.history = []
        self.step = jax.jit(self._step)

    def _step(self, params, x, y):
        loss, grads = jax.value_and_grad(lambda p: jnp.mean((x @ p - y) ** 2))(params)
        self.history.append(loss)  # expect: JAX104,JAX105
        return params - 0.1 * grads


def run():
    trainer = Trainer()
    params = jnp.zeros(3)
    recorded = 0
    for _ in range(3):
        before = len(trainer.history)
        params = trainer.step(params, jnp.ones((4, 3)), jnp.ones(4))
        recorded += len(trainer.history) > before
    return recorded
