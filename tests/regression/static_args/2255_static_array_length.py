"""A JAX static-argument tutorial notebook: `example_fun3(array, val)` builds
`jnp.ones([length,])` with `length = array.sum()`. Plain jit fails on the traced shape,
so the author marks the array itself static with `jit(example_fun3,
static_argnums=(0,))` and calls it with a `jnp.ones([10])` array; jit must hash every
static argument and a jax Array is unhashable, so the call raises before tracing.

Source: https://github.com/takayama-rado/trado_samples/blob/f48f6d33275e4e82cae1ec6497c5f7ecec5b8f6f/colab_files/exp_jax_static.ipynb
Observed on jax 0.10.x: raises ValueError
"""
import jax
import jax.numpy as jnp
from jax import jit


def example_fun3(array, val):
    length = array.sum().astype(jnp.int32)
    return jnp.ones([length, ]) * val


def run():
    example_jit3 = jit(example_fun3, static_argnums=(0,))
    arr = jnp.ones([10])
    out = example_jit3(arr, 4)  # expect: JAX302
    return int(out.shape[0])


if __name__ == "__main__":
    print(run())
