"""jaxsim PR #182 validated link/frame names in its jit-compiled APIs. The name is a static
Python string (a static argument of the jitted function) and the model's frame names are a
static tuple, so `if frame_name not in ...: raise ValueError(...)` is evaluated on concrete
Python values while tracing and is perfectly safe; only the index arithmetic is traced.

Source: https://github.com/gbionics/jaxsim/pull/182
Observed on jax 0.10.x: runs
"""
import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp


class Model(NamedTuple):
    link_names: tuple
    frame_names: tuple

    def number_of_links(self):
        return len(self.link_names)


MODEL = Model(link_names=("base", "thigh", "shin"), frame_names=("foot", "imu"))


@functools.partial(jax.jit, static_argnames=["frame_name"])
def name_to_idx(offsets, *, frame_name):
    if frame_name not in MODEL.frame_names:
        raise ValueError(f"Frame '{frame_name}' not found in the model.")
    idx = MODEL.frame_names.index(frame_name) + MODEL.number_of_links()
    return jnp.array(idx).astype(int) + offsets.sum().astype(int)


def run():
    offsets = jnp.zeros(3)
    for name in ("foot", "imu", "foot"):
        name_to_idx(offsets, frame_name=name)
