"""Builtins `max`, `min` and `int` applied to shape values inside `jit`.

Source: https://github.com/jax-ml/jax/issues/2521
Shapes are Python ints during tracing, so builtins on them are ordinary Python, unlike the same
builtins on traced array values.

Observed on jax 0.10.x: runs
"""

import jax
import jax.numpy as jnp


@jax.jit
def pool(x):
    window = max(x.shape[0] // 4, 1)
    hidden = int(min(x.shape[-1], 8) * 0.5)
    return x[: x.shape[0] // window * window].reshape(-1, window, x.shape[-1]).mean(1)[:, :hidden]


def run():
    pool(jnp.ones((8, 6)))
