"""Backend-agnostic helpers for the flat NeighborGraph layout: the nodes of all frames are
concatenated frame-major and `n_node[f]` of them belong to frame f."""
import jax
import jax.numpy as jnp
import numpy as np


def array_namespace(x):
    """Tiny stand-in for array_api_compat.array_namespace (numpy or jax.numpy)."""
    return jnp if isinstance(x, jax.Array) else np


def frame_id_from_n_node(n_node):
    """Frame index of each flat node, compact-prefix frame-major.

    Returns an int array of shape ``(N,)`` where ``N = sum(n_node)``.
    """
    xp = array_namespace(n_node)
    n_total = int(xp.sum(n_node))  # expect: JAX202
    return xp.repeat(xp.arange(n_node.shape[0]), n_node, total_repeat_length=n_total) \
        if xp is jnp else xp.repeat(xp.arange(n_node.shape[0]), n_node)


def segment_energy(atom_energy, n_node):
    """Sum per-atom energies into per-frame energies."""
    frame_id = frame_id_from_n_node(n_node)
    return jax.ops.segment_sum(atom_energy, frame_id, num_segments=n_node.shape[0])
