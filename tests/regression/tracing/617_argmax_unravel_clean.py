"""Location of the unique maximum via argmax + unravel_index instead of `jnp.where(a == a.max())` (clean look-alike).

Source: https://github.com/jax-ml/jax/issues/4585
The reporter wanted `jnp.where(a == jnp.max(a))` under jit and settled on
`jnp.unravel_index(jnp.argmax(a.flatten()), a.shape)`, which has a static
output shape.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp


@jax.jit
def peak_location(a):
    return jnp.unravel_index(jnp.argmax(a.flatten()), a.shape)


def run():
    a = jnp.zeros((4, 5)).at[2, 3].set(7.0)
    return peak_location(a)[0]
