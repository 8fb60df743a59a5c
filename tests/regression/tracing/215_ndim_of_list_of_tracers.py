"""jnp.ndim on a Python list holding traced arrays falls back to NumPy.

Source: https://github.com/jax-ml/jax/issues/12083
"`jax.numpy.ndim` works on non-arrays, but not during tracing":
`lambda x: x + jnp.ndim([jnp.ones(1)])` ran eagerly but under `jit` raised
TracerArrayConversionError, because for a list `jnp.ndim` calls NumPy, which
converts the traced elements with `__array__`. Here a feature-stacking helper
asks for the rank of a list of traced blocks.

Observed on jax 0.10.2: raises TracerArrayConversionError
"""
import jax
import jax.numpy as jnp


def stack_rank(blocks):
    return jnp.ndim(blocks)  # expect: JAX203


@jax.jit
def featurize(x):
    blocks = [x, jnp.sin(x)]
    return jnp.concatenate(blocks) * stack_rank(blocks)


def run():
    return featurize(jnp.ones(3))
