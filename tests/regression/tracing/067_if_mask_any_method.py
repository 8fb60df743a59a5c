"""`if invalid.any():` on a traced mask inside a jitted preprocessing step.

Source: https://jax.readthedocs.io/en/latest/errors.html
Traced values in Python control flow raise; `.any()` returns a traced boolean, and `if` asks it
for a Python truth value.

Observed on jax 0.10.x: raises TracerBoolConversionError
"""

import jax
import jax.numpy as jnp


@jax.jit
def sanitize(batch):
    invalid = ~jnp.isfinite(batch)
    if invalid.any():  # expect: JAX201
        batch = jnp.where(invalid, 0.0, batch)
    return batch


def run():
    return sanitize(jnp.array([1.0, jnp.nan]))
