"""`y = x if flip else -x` with `flip` a boolean passed to the jitted function.

Source: https://github.com/k-karna/learning_jax
Python control flow on input values fails under `jit`; a boolean argument is traced like any
other, and a conditional expression converts it.

Observed on jax 0.10.x: raises TracerBoolConversionError
"""

import jax
import jax.numpy as jnp


@jax.jit
def augment(image, flip):
    image = image[:, ::-1] if flip else image  # expect: JAX201
    return image / 255.0


def run():
    return augment(jnp.ones((2, 2)), True)
