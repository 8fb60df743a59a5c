"""rbig_jax's benchmark script times RBIG (rotation-based iterative
Gaussianization) for several data dimensions. It jits one `step` function
once, then sweeps `dimensions = [2, 5, 10, 25, ...]`, generating fake data of
shape (n_samples, idim) for each and calling step(data) inside the layer
loop. Each new dimension is a new input shape, so step is recompiled for
every entry of the sweep, and the compile time lands inside the timed
region the benchmark reports.

Source: https://github.com/IPL-UV/rbig_jax/blob/8600f89790ad060321acf2a14e6669572852ea34/experiments/benchmark.py#L62
Observed on jax 0.10.x: get_rbig_params compiled 3 times
"""
import time
from functools import partial

import jax
import numpy as onp

from rbig import get_rbig_params, init_params_hist


def main(dimensions=(2, 3, 5)):
    init_func = init_params_hist(10, 100, 1e-5)
    step = jax.jit(partial(get_rbig_params, init_func=init_func))

    def iterate(data, n_layers=3):
        X_ldj = onp.zeros(data.shape)
        for i in range(n_layers):
            X_transform, iX_ldj = step(data)  # expect: JAX404
            data = X_transform
            X_ldj += iX_ldj
        return data, X_ldj

    times = []
    for idim in dimensions:
        fake_data = onp.random.RandomState(0).randn(64, idim).astype(onp.float32)
        t0 = time.time()
        iterate(fake_data)
        times.append(time.time() - t0)
    return times


def run():
    main()
