"""The jitted energy takes the neighbor list as an argument (the fix).

Source: https://github.com/jax-md/jax-md/issues/161
Look-alike of the reporter's `real_space` written as sschoenholz suggested in
the thread: the neighbor list is a pytree argument of the jitted function (fixed
capacity, so its shape does not change), and the driver passes the current list
on every call.

Observed on jax 0.10.2: 0 of 5 calls
"""
import jax
import jax.numpy as jnp
import numpy as np

CUTOFF = 1.2


CAPACITY = 256


@jax.tree_util.register_pytree_node_class
class NeighborList:
    """Pairs (i, j) padded to a fixed capacity; padding rows hold (-1, -1)."""

    def __init__(self, idx):
        self.idx = idx  # int32[CAPACITY, 2]

    def tree_flatten(self):
        return (self.idx,), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)


def allocate(positions, cutoff=CUTOFF):
    """Host-side allocation (outside jit), like jax-md's `neighbor_fn.allocate`."""
    pos = np.asarray(positions)
    n = len(pos)
    d = np.linalg.norm(pos[:, None] - pos[None], axis=-1)
    i, j = np.nonzero((d < cutoff) & (np.arange(n)[:, None] < np.arange(n)[None]))
    idx = np.full((CAPACITY, 2), -1, dtype=np.int32)
    idx[: len(i)] = np.stack([i, j], axis=1)[:CAPACITY]
    return NeighborList(jnp.asarray(idx))


def pair_energy(positions, idx, charges, kappa):
    valid = idx[:, 0] >= 0
    a, b = jnp.where(valid, idx[:, 0], 0), jnp.where(valid, idx[:, 1], 1)
    r = jnp.linalg.norm(positions[a] - positions[b], axis=-1)
    e = charges[a] * charges[b] * jax.scipy.special.erfc(kappa * r) / r
    return jnp.sum(jnp.where(valid, e, 0.0))


@jax.jit
def real_space(positions, charges, kappa, neighbor):
    return pair_energy(positions, neighbor.idx, charges, kappa)


def simulate(positions, charges, velocities, n_steps=5, dt=0.15, kappa=0.5):
    mismatches = 0
    for step in range(n_steps):
        nbr = allocate(positions)
        e_jit = real_space(positions, charges, kappa, nbr)
        e_ref = pair_energy(positions, nbr.idx, charges, kappa)
        mismatches += int(not bool(jnp.allclose(e_jit, e_ref)))
        positions = positions + dt * velocities
    return mismatches


def run():
    key = jax.random.PRNGKey(0)
    kp, kv, kq = jax.random.split(key, 3)
    positions = jax.random.uniform(kp, (24, 3), maxval=3.0)
    velocities = jax.random.normal(kv, (24, 3))
    charges = jnp.where(jax.random.bernoulli(kq, 0.5, (24,)), 1.0, -1.0)
    return simulate(positions, charges, velocities)
