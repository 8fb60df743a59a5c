"""Rheology model zoo: each flow model jitted its kernels as methods with
`@partial(jax.jit, static_argnums=(0,))`, so `self` is the static argument and is hashed by
identity. The batch pipeline builds a fresh Bingham() for every dataset it processes, so every
dataset pays a new trace and compile of `_predict_stress` even though the kernel never reads
anything from self. The maintainers later turned these into @staticmethod + @jax.jit.

Source: https://github.com/imewei/rheojax/blob/36e59d4b319788b676a30cef4f05fa587c7f8969/rheojax/models/flow/bingham.py#L226
Observed on jax 0.10.x: _predict_stress compiled 4 times
"""
import numpy as np

from model import Bingham


def process_datasets(datasets):
    results = []
    for gamma_dot, _stress in datasets:
        model = Bingham()
        results.append(model.predict(gamma_dot))
    return results


def run():
    rng = np.random.default_rng(0)
    datasets = [(np.logspace(-2, 2, 16), rng.normal(size=16)) for _ in range(4)]
    out = process_datasets(datasets)
    return len(out)
