"""`float()` of a loss that a helper of another module returns, inside a jitted step.

Source: https://github.com/google/lightweight_mmm/issues/206
Converting a traced loss to a Python float for a history list raises under jit; the loss
comes back from a helper module, so nothing in the step itself looks traced.

Observed on jax 0.10.x: raises ConcretizationTypeError
"""

import jax
import jax.numpy as jnp

import losses


@jax.jit
def evaluate(predictions, targets):
    loss = losses.mean_squared(predictions, targets)
    history = [float(loss)]  # expect: JAX202
    return loss, history


def run():
    evaluate(jnp.ones(3), jnp.zeros(3))
