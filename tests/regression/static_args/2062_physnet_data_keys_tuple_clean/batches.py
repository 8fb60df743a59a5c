from typing import Dict, List, Optional

import jax
import jax.numpy as jnp
import numpy as np


def sparse_pairwise_indices(num_atoms: int):
    dst, src = np.meshgrid(np.arange(num_atoms), np.arange(num_atoms), indexing="ij")
    keep = ~np.eye(num_atoms, dtype=bool).reshape(-1)
    return jnp.asarray(dst.reshape(-1)[keep]), jnp.asarray(src.reshape(-1)[keep])


def prepare_batches_jit(
    key,
    data: Dict[str, jnp.ndarray],
    batch_size: int,
    data_keys: Optional[List[str]] = None,
    num_atoms: int = 60,
) -> List[Dict[str, jnp.ndarray]]:
    """Efficiently prepare batches for training (shuffled, fixed-size, padded molecules)."""
    if data_keys is None:
        data_keys = list(data.keys())
    data_size = len(data["R"])
    steps_per_epoch = data_size // batch_size
    perms = jax.random.permutation(key, data_size)
    perms = perms[: steps_per_epoch * batch_size].reshape((steps_per_epoch, batch_size))

    batch_segments = jnp.repeat(jnp.arange(batch_size), num_atoms)
    offsets = jnp.arange(batch_size) * num_atoms
    dst_idx, src_idx = sparse_pairwise_indices(num_atoms)
    dst_idx = (dst_idx + offsets[:, None]).reshape(-1)
    src_idx = (src_idx + offsets[:, None]).reshape(-1)
    reshape_rules = {
        "R": (batch_size * num_atoms, 3),
        "F": (batch_size * num_atoms, 3),
        "E": (batch_size, 1),
        "Z": (batch_size * num_atoms,),
    }
    output = []
    for perm in perms:
        batch = {}
        for k in data_keys:
            if k not in data:
                continue
            v = data[k][perm]
            new_shape = reshape_rules.get(k, None)
            batch[k] = v.reshape(new_shape) if new_shape is not None else v
        batch["dst_idx"] = dst_idx
        batch["src_idx"] = src_idx
        batch["batch_segments"] = batch_segments
        output.append(batch)
    return output


_prepare_batches = jax.jit(
    prepare_batches_jit, static_argnames=("batch_size", "num_atoms", "data_keys")
)
