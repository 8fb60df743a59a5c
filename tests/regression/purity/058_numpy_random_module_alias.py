"""`npr.uniform()` with `import numpy.random as npr`, inside a jitted dropout mask.

Source: https://github.com/jax-ml/jax/pull/2793
Stateful NumPy randomness is evaluated once under `jit`; importing the module under an alias
does not change that: every call reuses the first mask.

Observed on jax 0.10.x: a distinct mask in 1 of 3 calls
"""

import jax
import jax.numpy as jnp
import numpy.random as npr


@jax.jit
def dropout(x, rate):
    mask = npr.uniform(size=x.shape) > 0.5  # expect: JAX106
    return jnp.where(mask, x / (1 - rate), 0.0)


def run():
    masks = {tuple(bool(v) for v in dropout(jnp.ones(16), 0.5) != 0) for _ in range(3)}
    return len(masks)
