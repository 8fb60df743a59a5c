"""The jaxns phantom-powered nested sampling experiment script loops over sampler
configurations (s slices, k phantom points, c live points) pulled from a queue, compiles a run
for each configuration and then runs an ensemble of `ensemble_size` seeds with
`run_compiled(random.PRNGKey(i))`. The ensemble index is the only thing in the seed, so every
configuration is run on exactly the same keys: the "independent" ensembles of different
configurations share their randomness. The fix mixed s, k and c into the seed
(key = 2**i * 3**c * 5**k * 7**s).

Source: https://github.com/Joshuaalbert/jaxns/commit/3d2985f09af48af64a90bea4fd735c62d88950ed
Observed on jax 0.10.x: 2 of 2 calls
"""
import time

import jax
import numpy as np
from jax import random, numpy as jnp

ndims = 4
data_mu = 1.5 * jnp.ones(ndims)


def log_likelihood(x):
    return -0.5 * jnp.sum((x - data_mu) ** 2, axis=-1)


def make_ns_run(s, k, c):
    def ns_run(key):
        # toy stand-in for StandardStaticNestedSampler._run: live points from the prior
        key, init_key = random.split(key)
        live = random.normal(init_key, (c, ndims))
        log_l = log_likelihood(live)
        log_Z = jax.scipy.special.logsumexp(log_l) - jnp.log(c)
        return log_Z, live[0]
    return ns_run


def run_experiment(configs, ensemble_size):
    output = []
    for (s, k, c) in configs:
        ns_run = make_ns_run(s, k, c)
        run_compiled = jax.jit(ns_run).lower(random.PRNGKey(0)).compile()
        results, dt = [], []
        for i in range(ensemble_size):
            t0 = time.time()
            results.append(run_compiled(random.PRNGKey(i)))  # expect: JAX503
            results[-1][0].block_until_ready()
            dt.append(time.time() - t0)
        output.append(results)
    return output


def run():
    configs = [(1, 0, 16), (2, 1, 16), (4, 2, 16)]
    output = run_experiment(configs, ensemble_size=3)
    first = np.asarray(output[0][0][1])
    # how many other configurations started from the very same live points
    return sum(int(np.array_equal(first, np.asarray(res[0][1]))) for res in output[1:])
