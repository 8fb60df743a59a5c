"""A Python `if` on a per-shard value inside a `shard_map` body.

Source: https://docs.jax.dev/en/latest/notebooks/shard_map.html
The function given to `shard_map` is traced with abstract per-device blocks; a data-dependent
`if` in it raises like in any jitted code.

Observed on jax 0.10.x: raises TracerBoolConversionError
"""

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh
from jax.sharding import PartitionSpec as P

mesh = Mesh(np.array(jax.devices()[:1]), ("batch",))


def normalise_block(block):
    scale = jnp.abs(block).max()
    if scale > 0:  # expect: JAX201
        block = block / scale
    return block


@jax.jit
def normalise(x):
    return jax.shard_map(normalise_block, mesh=mesh, in_specs=P("batch"), out_specs=P("batch"))(x)


def run():
    normalise(jnp.arange(4.0))
