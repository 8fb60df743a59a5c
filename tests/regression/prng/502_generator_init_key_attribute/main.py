"""A generator's ``init(rng, z)`` draws weights from a key stored at construction time.

Source: https://github.com/matthias-wright/flaxmodels/issues/3
Report: "Weight Initialization PRNGKey" -- the StyleGAN2 port passes the PRNG for weight
initialization as a module attribute, so ``init`` with different PRNG keys "will result in the
same weight initialization"; ``init_g(PRNGKey(10))`` and ``init_g(PRNGKey(58))`` return equal
params. run() initialises with three different keys and counts inits equal to the first.

Observed on jax 0.10.2: 3 of 3 calls
"""
import jax
import numpy as np

from train import init_g


def run():
    first = None
    same = 0
    for seed in (10, 58, 7):
        params = init_g(jax.random.PRNGKey(seed))
        w0 = np.asarray(params[0]["w"])
        if first is None:
            first = w0
        if np.array_equal(w0, first):
            same += 1
    return same
