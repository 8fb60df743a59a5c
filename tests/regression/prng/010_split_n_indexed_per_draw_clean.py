"""`jax.random.split(key, 3)` once, each subkey used for one draw.

Source: https://docs.jax.dev/en/latest/random-numbers.html
Indexing the array of split keys gives independent keys.

Observed on jax 0.10.x: runs
"""

import jax


def init_mlp(key):
    keys = jax.random.split(key, 3)
    w1 = jax.random.normal(keys[0], (3, 4))
    w2 = jax.random.normal(keys[1], (4, 2))
    dropout_key = keys[2]
    return (w1, w2), dropout_key


def run():
    init_mlp(jax.random.key(0))
