"""JAX-ENT (ensemble reweighting of MD frames). The optimiser's `_step(optimizer, state,
...)` is jitted (`self.step = jax.jit(self._step, static_argnames=...)`). Inside it the
user switches from the warm-up to the regular learning rate with
`if state.step == optimizer.initial_steps:` and halves the rate on gradient oscillation with
`if grad_dot_product < 0 and state.step > 1:` -- Python conditionals on the traced step
counter and on a traced dot product. Tracing fails (the original code caught the error
and silently fell back to the un-jitted step; the later fix moved these checks to the
Python-level loop).

Source: https://github.com/alexisiddiqui/JAX-ENT/blob/1e77d8edffdacf7f46d83d48f3f8c4d1527b0e25/jaxent/src/opt/optimiser.py#L555
Observed on jax 0.10.x: raises TracerBoolConversionError
"""
from functools import partial

import jax
import jax.numpy as jnp

from optimiser import OptaxOptimizer


def run():
    target = jnp.array([0.2, 0.3, 0.5])

    def loss_fn(frame_weights):
        w = jax.nn.softmax(frame_weights)
        return jnp.sum((w - target) ** 2)

    opt = OptaxOptimizer()
    state = opt.initialise(jnp.zeros(3))
    step = jax.jit(opt._step, static_argnums=(0, 2))
    for _ in range(3):
        state, loss = step(opt, state, loss_fn)
    return float(loss)
