"""`jnp.isscalar` is True for a 0-d tracer: its branch is traced.

Source: https://docs.jax.dev/en/latest/_autosummary/jax.numpy.isscalar.html
Unlike `np.isscalar`, `jnp.isscalar` answers True for 0-d arrays, tracers included, so
`if t > 0` in its branch takes the bool of a traced value.

Observed on jax 0.10.x: raises TracerBoolConversionError
"""

import jax
import jax.numpy as jnp


@jax.jit
def clip_step(x, t):
    if jnp.isscalar(t):
        if t > 0:  # expect: JAX201
            return x * t
    return x


def run():
    clip_step(jnp.ones(3), jnp.float32(1.0))
