"""Force-field neighbor-list wrapper whose ``update`` stores the new list on
``self`` and reallocates on overflow; the test jits ``nblist.update``.

Source: https://github.com/deepmodeling/DMFF/commit/52d8830
"fix: fix nblist jit-related bug": ``NeighborList.update`` did
``self.nblist = self.nblist.update(positions)`` followed by ``if
self.nblist.did_buffer_overflow: self.nblist =
self.neighborlist_fn.allocate(positions)``; the new test calls
``jit(nblist.update)(positions)``.

Observed on jax 0.10.2: raises TracerBoolConversionError
"""
import jax.numpy as jnp
from jax import jit

from .nblist import NeighborList


def run():
    positions = jnp.array([
        [12.434, 3.404, 1.540],
        [13.030, 2.664, 1.322],
        [12.312, 3.814, 0.660],
        [14.216, 1.424, 1.103],
        [14.246, 1.144, 2.054],
        [15.155, 1.542, 0.910],
    ])
    nblist = NeighborList(jnp.eye(3) * 31.0, 4.0)
    nblist.allocate(positions)
    return jit(nblist.update)(positions)
