"""A value assertion on a traced array inside a jitted function.

Source: https://github.com/google-deepmind/chex/issues/387
Value assertions (here `chex.assert_equal(x, 0)`) inside `jit` fail because they need concrete
values; a plain `assert` on a traced comparison fails the same way.

Observed on jax 0.10.x: raises TracerBoolConversionError
"""

import jax
import jax.numpy as jnp


@jax.jit
def normalise_weights(w):
    assert jnp.all(w >= 0), "weights must be non-negative"  # expect: JAX201
    return w / w.sum()


def run():
    return normalise_weights(jnp.ones(3))
