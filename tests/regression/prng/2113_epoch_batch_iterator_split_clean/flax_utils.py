from typing import Any, Callable, Dict, Iterator, Optional, Set

import jax
import numpy as np


def rngs_from_keys(rng, keys: Set[str]) -> Dict[str, Any]:
    rngs = {}
    for k in sorted(keys):
        rng, new_rng = jax.random.split(rng)
        rngs[k] = new_rng
    return rngs


def batch_idxs(rng, data_size: int, bsize: int) -> np.ndarray:
    steps_per_epoch = data_size // bsize
    permutations = np.asarray(jax.random.permutation(rng, data_size))
    permutations = permutations[:steps_per_epoch * bsize]
    permutations = permutations.reshape(steps_per_epoch, bsize)
    return permutations


def batch_iterator(rng, dataset: Any, bsize: int, postproc_f: Optional[Callable] = None) -> Iterator:
    if postproc_f is None:
        postproc_f = lambda x: x
    batches = batch_idxs(rng, len(dataset), bsize)
    for idxs in batches:
        yield postproc_f(dataset[idxs])
