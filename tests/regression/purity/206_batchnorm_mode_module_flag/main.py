"""Batch-norm mode toggled through a module-level flag read inside jit.

Source: https://github.com/jax-ml/jax/issues/1922
"passing parameters to jax.jit 'ed functions": the user wanted a batchnorm
function with a training/inference toggle and asked to change a variable
defined outside the jitted function ("like a pointer in C++") instead of
passing it; the maintainers explained that the jitted function only sees the
value at trace time. Here the flag lives in settings.py, the layer reads it,
and the evaluation code flips `settings.TRAINING = False` after training:
the compiled forward still normalises with batch statistics.

Observed on jax 0.10.2: 1 of 1 calls
"""
import jax.numpy as jnp

import settings
from model import forward


def run():
    params = {
        "w": jnp.eye(3),
        "running_mean": jnp.full((3,), 10.0),
        "running_var": jnp.full((3,), 4.0),
    }
    x = jnp.arange(12.0).reshape(4, 3)
    settings.TRAINING = True
    train_out = forward(params, x)
    settings.TRAINING = False
    eval_out = forward(params, x)
    settings.TRAINING = True
    return int(jnp.allclose(train_out, eval_out))
