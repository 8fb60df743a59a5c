"""Marginal-based estimator whose `known_total` is a float normally but an int in the fallback branch.

Source: https://github.com/ryan112358/mbi/pull/201
"minimum_variance_unbiased_total previously returned max(1, ...), which yields a Python int in
the <= 1 fallback branch. That makes known_total an int leaf, mismatching the float total ...
so estimate() misses the JIT cache and recompiles. Use a float floor (1.0)". Here two datasets
are estimated in a row: the second has a tiny total, so `_multi_step` sees an int argument.

Observed on jax 0.10.2: _multi_step compiled 2 times
"""
import numpy as np

from estimator import estimate


def run():
    big = [{"y": np.full(4, 30.0), "sigma": 1.0}, {"y": np.full(4, 31.0), "sigma": 2.0}]
    tiny = [{"y": np.full(4, 0.1), "sigma": 1.0}, {"y": np.full(4, 0.1), "sigma": 2.0}]
    estimate(big, 4)
    return estimate(tiny, 4)
