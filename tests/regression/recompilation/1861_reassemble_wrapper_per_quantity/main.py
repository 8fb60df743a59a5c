"""JAX-Fluids' post-processing script reassembles the per-device output buffers
of a multi-host run into one field per quantity. For every time snapshot, every
field group and every quantity it defines a fresh ``wrapper`` closure (concatenate
the host buffers, then ``reassemble_buffer``) and calls ``jax.jit(wrapper)`` on
it. Each ``def wrapper`` is a new function object, so jit's cache never hits:
the wrapper is traced and compiled again for every quantity of every snapshot,
even though shapes and split factors never change.

Source: https://github.com/tumaer/JAXFLUIDS/blob/70dbc0a6a39854c6f88bda1b154dc7eb28175269/src/jaxfluids_postprocess/post_process_utils.py#L635
Observed on jax 0.10.x: wrapper compiled 6 times
"""
from typing import Tuple

import jax
import jax.numpy as jnp
import numpy as np

from buffer_operations import reassemble_buffer


def load_host_buffer(host, time_string, field, quantity, block=(1, 3, 4, 4, 4)):
    rng = np.random.default_rng(abs(hash((host, time_string, field, quantity))) % 2**32)
    return rng.standard_normal(block).astype(np.float32)


def reassemble_parallel_data(times, quantities_to_load, no_hosts, split_factors):
    saved = {}
    for time_string in times:
        for field in quantities_to_load:
            for quantity in quantities_to_load[field]:
                buffer_list = []
                for host in range(no_hosts):
                    buffer_list.append(load_host_buffer(host, time_string, field, quantity))

                def wrapper(buffer_list: Tuple) -> jax.Array:
                    buffer = jnp.concatenate(buffer_list, axis=0)
                    buffer = reassemble_buffer(buffer, tuple(split_factors), is_transpose=True, keep_transpose=True)
                    return buffer

                buffer = jax.jit(wrapper)(buffer_list)  # expect: JAX401
                saved[(time_string, field, quantity)] = np.asarray(buffer)
    return saved


def run():
    quantities_to_load = {"primitives": ["density", "velocity", "pressure"]}
    reassemble_parallel_data(["0.000", "0.100"], quantities_to_load, no_hosts=2, split_factors=[2, 1, 1])
