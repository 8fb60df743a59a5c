"""`lax.dynamic_slice` with a slice size taken from traced data.

Source: https://github.com/brainpy/BrainPy/issues/607
Slicing each sample's period with `jax.lax.dynamic_slice(out, (0, i), (idx, 1))` failed with
"Shapes must be 1D sequences of concrete values": the size `idx` came from an array.

Observed on jax 0.10.x: raises TypeError
"""

import jax
import jax.numpy as jnp


@jax.jit
def period_loss(out, gt):
    idx = gt[0]
    segment = jax.lax.dynamic_slice(out, (0, 0), (idx, 1))  # expect: JAX204
    return jnp.mean(segment ** 2)


def run():
    return period_loss(jnp.ones((5, 2)), jnp.array([3, 4]))
