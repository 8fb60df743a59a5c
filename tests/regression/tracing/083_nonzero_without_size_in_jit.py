"""`jnp.nonzero` without `size=` inside a jitted function.

Source: https://github.com/jax-ml/jax/issues/5280
The indices of nonzero entries have a data-dependent length, so under `jit` `jnp.nonzero`
needs a static `size`; without one it raises.

Observed on jax 0.10.x: raises ConcretizationTypeError
"""

import jax
import jax.numpy as jnp


@jax.jit
def active_mean(x):
    (idx,) = jnp.nonzero(x)  # expect: JAX204
    return x[idx].mean()


def run():
    active_mean(jnp.array([0.0, 1.0, 2.0, 0.0]))
