"""Host RNG draws the dropout seed inside a jitted function: mask frozen at trace.

Source: https://github.com/google/torchax/issues/17
"How do RNGs work in torchax": eager random calls change every time because a
host RNG (`torch.randint`) produces a fresh integer that is used as the JAX
key, but under `jax_jit` the same numbers come back twice because the host
draw happened once, at trace time, and was burnt into the graph. Here the same
idea is written directly with NumPy's global RNG inside a jitted feature-dropout
function.

Observed on jax 0.10.2: 3 of 3 calls
"""
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def feature_dropout(x):
    seed = np.random.randint(0, 2 ** 31 - 1)  # expect: JAX106
    key = jax.random.key(seed)
    keep = jax.random.bernoulli(key, 0.5, x.shape)
    return jnp.where(keep, 2.0 * x, 0.0)


def run():
    x = jnp.ones((64,))
    masks = [feature_dropout(x + 0.0 * i) != 0 for i in range(4)]
    return sum(int(jnp.array_equal(masks[0], m)) for m in masks[1:])
