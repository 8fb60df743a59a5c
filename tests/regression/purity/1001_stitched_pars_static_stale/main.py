"""Static callable with a forced hash keeps a stale attribute baked into jit.

Source: https://github.com/scikit-hep/pyhf/issues/978
What happened: pyhf gave its parameter stitcher a constant __hash__/__eq__ so
jax would not re-jit; afterwards changing the stitcher's fixed values did not
change the computed result, because the jitted function had baked in the value
read at trace time.
run() returns how many calls after the first returned the stale (first) result.
Observed on jax 0.10.2: 2 of 3 calls
"""
from functools import partial

import jax
import jax.numpy as jnp

from stitching import StitchedPars


@partial(jax.jit, static_argnums=0)
def nll(stitcher, pars):
    full = stitcher(pars)
    return jnp.sum(full ** 2)


def run():
    pars = jnp.array([1.0, 2.0])
    stitcher = StitchedPars([0.5])
    first = float(nll(stitcher, pars))
    stale = 0
    for fixed in ([3.0], [7.0]):
        stitcher.fixed_values = fixed
        if float(nll(stitcher, pars)) == first:
            stale += 1
    return stale
