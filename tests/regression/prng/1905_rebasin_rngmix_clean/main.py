"""Git Re-Basin weight matching: each outer iteration visits the permutation groups in a random
order drawn with `random.permutation(rngmix(rng, iteration), len(perm_names))`, where the
helper `rngmix = lambda rng, x: random.fold_in(rng, hash(x))` lives in utils.py. The same `rng`
is used on every iteration without splitting, which looks like key reuse in a loop, but it is
folded with the iteration number first, so each iteration gets its own stream.

Source: https://github.com/samuela/git-re-basin/blob/ef40098257ab97243930eba737d6dcb8edd5863e/src/weight_matching.py#L206
Observed on jax 0.10.x: 0 of 4 calls
"""
import numpy as np
from jax import random

from utils import rngmix
from weight_matching import weight_matching


def run():
    rng = random.PRNGKey(123)
    perm_to_axes = {"P_0": [("dense0/kernel", 1), ("dense1/kernel", 0)],
                    "P_1": [("dense1/kernel", 1), ("dense2/kernel", 0)]}
    shapes = {"dense0/kernel": (2, 3), "dense1/kernel": (3, 3), "dense2/kernel": (3, 2)}
    rng_a, rng_b, rng_match = random.split(rng, 3)
    params_a = {k: random.normal(rngmix(rng_a, i), s) for i, (k, s) in enumerate(shapes.items())}
    params_b = {k: random.normal(rngmix(rng_b, i), s) for i, (k, s) in enumerate(shapes.items())}
    _, keys = weight_matching(rng_match, perm_to_axes, params_a, params_b, max_iter=5)
    return sum(np.array_equal(a, b) for a, b in zip(keys, keys[1:]))
