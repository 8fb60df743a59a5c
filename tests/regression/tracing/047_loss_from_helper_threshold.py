"""`if loss > best:` on a loss returned by a same-module helper inside a jitted step.

Source: https://jax.readthedocs.io/en/latest/errors.html
A value computed from traced arguments is traced wherever it flows; going through a helper that
returns a tuple does not make it concrete.

Observed on jax 0.10.x: raises TracerBoolConversionError
"""

import jax
import jax.numpy as jnp


def compute_metrics(params, batch):
    preds = batch["x"] @ params
    loss = jnp.mean((preds - batch["y"]) ** 2)
    return loss, {"mae": jnp.mean(jnp.abs(preds - batch["y"]))}


@jax.jit
def eval_step(params, batch, best):
    loss, metrics = compute_metrics(params, batch)
    if loss < best:  # expect: JAX201
        best = loss
    return best, metrics


def run():
    return eval_step(jnp.ones(3), {"x": jnp.ones((4, 3)), "y": jnp.ones(4)}, 1.0)
