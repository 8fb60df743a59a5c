"""`np.mean(x)` and `np.sum(x)` on traced arrays inside `jit`.

Source: https://github.com/jax-ml/jax/pull/3160
The raw-NumPy error is about converting a tracer to an ndarray (`np.asarray`, `np.array`);
NumPy reductions on a jax array dispatch back to JAX and trace fine on jax 0.10.

Observed on jax 0.10.x: runs
"""

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def centered(x):
    return x - np.mean(x) + 0.0 * np.sum(x)


def run():
    centered(jnp.arange(3.0))
