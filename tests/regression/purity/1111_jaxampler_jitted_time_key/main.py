"""jaxampler's default key is PRNGKey(int(time())) inside a jitted staticmethod.

Source: https://github.com/Qazalbash/jaxampler/issues/5
(fixed in https://github.com/Qazalbash/jaxampler/commit/63b13ba4e9ea5a0e5378ffa79862891c88ae9b40)

"JAX PRNG is not working as per expectation. Seeding the time value is not
effective." ``Sampler.get_key`` was declared ``@staticmethod @jit`` and returned
``jax.random.PRNGKey(int(time()))``: the clock is read once, when ``get_key`` is
traced, and the compiled function returns that key forever. Every
``sample(rv, N)`` call without an explicit key draws the same numbers, even
seconds apart. The fix moved key creation out of jit (and later into a
central ``new_prn_key``). Two more draws after >1 s pauses are compared with
the first.

Observed on jax 0.10.2: 2 of 2 calls
"""
import time as _time

import numpy as np

from rvs import Exponential
from sampler import InverseTransformSampler


def run():
    rv = Exponential(lmbda=2.0)
    sampler = InverseTransformSampler()
    first = np.asarray(sampler.sample(rv, N=5))
    same = 0
    for _ in range(2):
        _time.sleep(1.05)
        again = np.asarray(sampler.sample(rv, N=5))
        same += int(np.array_equal(first, again))
    return same
