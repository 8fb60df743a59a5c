"""`jnp.split(x, n_chunks)` with the chunk count traced.

Source: https://github.com/jax-ml/jax/issues/3620
A maintainer explains that value-dependent output shapes cannot be compiled: the number of
pieces `split` returns must be known while tracing.

Observed on jax 0.10.x: raises ConcretizationTypeError
"""

import jax
import jax.numpy as jnp


@jax.jit
def chunk_means(x, n_chunks):
    return jnp.stack([c.mean() for c in jnp.split(x, n_chunks)])  # expect: JAX204


def run():
    return chunk_means(jnp.arange(8.0), 4)
