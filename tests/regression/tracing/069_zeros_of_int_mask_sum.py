"""`jnp.zeros(int(mask.sum()))`: a buffer sized by the number of selected items.

Source: https://github.com/jax-ml/jax/issues/3620
Output sizes that depend on array values are not allowed in jitted functions; `int()` of a
traced count raises before the size is even used.

Observed on jax 0.10.x: raises ConcretizationTypeError
"""

import jax
import jax.numpy as jnp


@jax.jit
def gather_selected(values, mask):
    out = jnp.zeros(int(mask.sum()))  # expect: JAX202
    return out + values[: out.shape[0]]


def run():
    return gather_selected(jnp.arange(4.0), jnp.array([True, False, True, False]))
