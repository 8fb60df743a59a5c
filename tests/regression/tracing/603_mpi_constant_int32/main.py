"""A communication op converts its destination rank with `np.int32` while traced.

Source: https://github.com/mpi4jax/mpi4jax/issues/20
`jax.jit(mpi4jax.Send)(jnp.ones(10), 1)` died in `utils._constant_s32_scalar`
with "The numpy.ndarray conversion method __array__() was called on the JAX
Tracer object": the rank argument, meant to be static, was traced and then
handed to `_np.int32`. Rebuilt with the same module split (utils / send),
without MPI.

Observed on jax 0.10.2: raises TracerArrayConversionError
"""
import jax
import jax.numpy as jnp

from send import Send


def run():
    return jax.jit(Send)(jnp.ones(10), 1)
