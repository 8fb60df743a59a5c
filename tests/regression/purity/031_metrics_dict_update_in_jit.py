"""`metrics.update(...)` on a module-level dict from a jitted eval step.

Source: https://github.com/jax-ml/jax/pull/13022
The leak checker was taught to print reference chains (`a.dct['hi'] = ...`) because tracers
stored in outer dicts are a common source of confusing bugs: the dict keeps the tracer.

Observed on jax 0.10.x: raises UnexpectedTracerError
"""

import jax
import jax.numpy as jnp

metrics = {}


@jax.jit
def eval_step(params, x, y):
    loss = jnp.mean((x @ params - y) ** 2)
    metrics.update(loss=loss, accuracy=jnp.mean(jnp.abs(x @ params - y) < 0.5))  # expect: JAX104
    return loss


def run():
    eval_step(jnp.ones(3), jnp.ones((4, 3)), jnp.ones(4))
    return metrics["loss"] + 1.0
