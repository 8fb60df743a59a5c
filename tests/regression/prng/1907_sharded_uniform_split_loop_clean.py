"""jrystal (plane-wave DFT in JAX) draws a large random array shard by shard: its `uniform`
helper loops `for i in range(num_devices)` over the mesh, and each iteration does
`key, subkey = jax.random.split(key)` before drawing that device's block with `subkey`. The key
is consumed inside a loop, but it is advanced on every iteration, so the shards are
independent rather than copies of one block.

Source: https://github.com/sail-sg/jrystal/blob/f29fc6e4a32397178a2c58468fa44ae4b106260d/jrystal/_src/spmd/uniform.py#L27
Observed on jax 0.10.x: 0 of 3 calls
"""
import jax
import jax.numpy as jnp
import numpy as np


def uniform(key, shape, mesh_shape=None):
    if mesh_shape is None:
        return jax.random.uniform(key, shape)

    sharding_dim = len(mesh_shape)
    num_devices = int(np.prod(mesh_shape))

    single_device_arrays_shape = list(shape)
    for i in range(sharding_dim):
        single_device_arrays_shape[i] //= mesh_shape[i]

    output = []
    for i in range(num_devices):
        key, subkey = jax.random.split(key)
        u = jax.random.uniform(subkey, single_device_arrays_shape)
        output.append(u)

    return output


def run():
    shards = uniform(jax.random.PRNGKey(0), (8, 6), mesh_shape=(4,))
    return sum(bool(jnp.array_equal(a, b)) for a, b in zip(shards, shards[1:]))
