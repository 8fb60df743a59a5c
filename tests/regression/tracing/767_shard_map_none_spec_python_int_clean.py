"""A Python int handed to a `shard_map` body through an `in_specs` entry of `None`.

Source: https://github.com/AI-Hypercomputer/maxtext/blob/main/src/maxtext/layers/attention_op.py
(`wrap_flash_attention` takes `cp_size` with `None  # no sharding for cp_size` and branches on it)
An entry of `None` passes the argument through as it is, like vmap's `in_axes=None`: the int
stays an int in the body, eagerly and inside jit, so `if cp_size > 1:` is plain Python. With
`P()` instead it would be traced and the `if` would raise.

Observed on jax 0.10.x: runs
"""

import functools

import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P


def attention(mesh, query, cp_size):
    @functools.partial(jax.shard_map, mesh=mesh, in_specs=(P("x"), None), out_specs=P("x"), check_vma=False)
    def wrap(q, size):
        if size > 1:
            return q * 2
        return q

    return wrap(query, cp_size)


def run():
    mesh = Mesh(jax.devices()[:1], ("x",))
    attention(mesh, jnp.ones(4), 2)
    jax.jit(lambda q: attention(mesh, q, 2))(jnp.ones(4))
