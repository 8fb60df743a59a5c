"""TransCan's dropout helper starts with `assert 0. <= keep_rate <= 1.` and is called
from the jitted training forward pass. keep_rate is a Python float default (0.9), never
an argument of the jitted function, so the assert checks a concrete number at trace
time and is not a truth test on a traced value. In the same forward pass the dropout
keys come from `keys = iter(rand.split(dropout_key, num=num_keys))`, an iterator built
inside the traced function itself, and next(keys) hands out a different subkey to each
layer.

Source: https://github.com/ayaka14732/TransCan/blob/6fbdf8fc4a780d7e95ab6f9ca0667e25060d436e/lib/model/dropout.py#L8
Source: https://github.com/ayaka14732/TransCan/blob/6fbdf8fc4a780d7e95ab6f9ca0667e25060d436e/lib/model/fwd_transformer_merged.py#L39
Observed on jax 0.10.x: train_forward compiled 1 times
"""
import jax
import jax.numpy as jnp

from .model import fwd_encoder


@jax.jit
def train_forward(params, src, dropout_key):
    out = fwd_encoder(params, src, dropout_key=dropout_key)
    return jnp.mean(out ** 2)


def run():
    key = jax.random.PRNGKey(0)
    ks = jax.random.split(key, 5)
    params = {
        'embedding': {'kernel': jax.random.normal(ks[0], (8, 16)), 'bias': jnp.zeros(16)},
        'encoder_layers': [
            {'kernel': 0.1 * jax.random.normal(k, (16, 16)), 'bias': jnp.zeros(16)}
            for k in ks[1:3]
        ],
    }
    src = jax.random.normal(ks[3], (4, 8))
    for step in range(3):
        train_forward(params, src, jax.random.fold_in(ks[4], step))
    return 0
