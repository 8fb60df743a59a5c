"""Batch-norm mode passed as a static argument (the fix).

Source: https://github.com/jax-ml/jax/issues/1922
The recommended pattern from the thread: pass the training/inference switch
explicitly (as a static argument, so each mode gets its own compilation)
instead of mutating a variable outside the jitted function. Evaluation now
uses the running statistics.

Observed on jax 0.10.2: 0 of 1 calls
"""
import jax.numpy as jnp

from model import forward


def run():
    params = {
        "w": jnp.eye(3),
        "running_mean": jnp.full((3,), 10.0),
        "running_var": jnp.full((3,), 4.0),
    }
    x = jnp.arange(12.0).reshape(4, 3)
    train_out = forward(params, x, training=True)
    eval_out = forward(params, x, training=False)
    return int(jnp.allclose(train_out, eval_out))
