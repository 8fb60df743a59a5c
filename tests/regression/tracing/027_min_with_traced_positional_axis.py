"""`x.min(axis)` where `axis` is a traced positional argument.

Source: https://github.com/jax-ml/jax/pull/12334
`ensure_index` raised a confusing error for traced axes; an axis passed positionally to an
array method must be a concrete integer, and a jitted argument is not.

Observed on jax 0.10.x: raises ConcretizationTypeError
"""

import jax
import jax.numpy as jnp


def normalise(x, axis):
    lo = x.min(axis)  # expect: JAX204
    return x - lo


def run():
    return jax.jit(normalise)(jnp.ones((2, 3)), 0)
