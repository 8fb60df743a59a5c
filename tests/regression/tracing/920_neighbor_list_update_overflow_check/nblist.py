"""Wrapper around a jax-md style neighbor list (stand-in for jax_md.partition)."""
from typing import NamedTuple

import jax.numpy as jnp


class _NeighborListState(NamedTuple):
    idx: jnp.ndarray
    reference_position: jnp.ndarray
    did_buffer_overflow: jnp.ndarray
    rc: float

    def update(self, positions):
        d = jnp.linalg.norm(positions[:, None, :] - positions[None, :, :], axis=-1)
        n_pairs = jnp.sum((d < self.rc) & (d > 0))
        return self._replace(reference_position=positions,
                             did_buffer_overflow=n_pairs > self.idx.shape[1])


class _NeighborListFns(NamedTuple):
    rc: float
    capacity: int

    def allocate(self, positions):
        n = positions.shape[0]
        return _NeighborListState(jnp.zeros((2, self.capacity), jnp.int32), positions, jnp.bool_(False), self.rc)


class NeighborList:
    def __init__(self, box, rc) -> None:
        self.box = box
        self.rc = rc
        self.neighborlist_fn = _NeighborListFns(rc, capacity=4)
        self.nblist = None

    def allocate(self, positions: jnp.ndarray):
        if self.nblist is None:
            self.nblist = self.neighborlist_fn.allocate(positions)
        else:
            self.update(positions)
        return self.nblist

    def update(self, positions: jnp.ndarray):
        self.nblist = self.nblist.update(positions)  # expect: JAX105
        if self.nblist.did_buffer_overflow:  # expect: JAX201
            self.nblist = self.neighborlist_fn.allocate(positions)
        return self.nblist
