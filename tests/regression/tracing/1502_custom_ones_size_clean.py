"""After omnistaging, `jnp.ones((jnp.add(arr.size, 1),))` inside a jitted
function failed because `jnp.add` stages out even on static inputs. As the
report itself noticed, computing the length with plain Python arithmetic,
`arr.size + 1`, keeps it a concrete int derived from the static shape, so the
jitted `custom_ones` traces fine and returns an array one longer than its input.

Source: https://github.com/jax-ml/jax/issues/4449
Observed on jax 0.10.x: custom_ones compiled 2 times
"""
import jax
import jax.numpy as jnp


@jax.jit
def custom_ones(arr):
    count = arr.size + 1
    return jnp.ones((count,))


def run():
    a = jnp.ones((3,))
    b = custom_ones(a)
    c = custom_ones(jnp.ones((5,)))
    return None
