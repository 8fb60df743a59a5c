"""A `print` of a per-shard partial sum inside a `shard_map` body under `jax.jit`.

Source: https://docs.jax.dev/en/latest/notebooks/shard_map.html
The shard_map guide computes per-device partial results and combines them with `psum`; a
Python `print` in the per-shard function runs once, while the jitted caller is traced.

Observed on jax 0.10.x: printed in 1 of 3 calls
"""

import contextlib
import io

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh
from jax.sharding import PartitionSpec as P

mesh = Mesh(np.array(jax.devices()[:1]), ("data",))


@jax.jit
def global_mean(x):
    def per_shard(block):
        partial_sum = block.sum()
        print("shard partial sum:", partial_sum)  # expect: JAX101
        return jax.lax.psum(partial_sum, "data") / x.shape[0]

    return jax.shard_map(per_shard, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


def run():
    printed = 0
    for i in range(3):
        with contextlib.redirect_stdout(io.StringIO()) as out:
            global_mean(jnp.arange(8.0) + i)
        printed += bool(out.getvalue())
    return printed
