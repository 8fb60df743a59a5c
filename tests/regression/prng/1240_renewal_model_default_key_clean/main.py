"""A model's `run` draws a fresh key when none is given (the fix).

Source: https://github.com/CDCgov/PyRenew/pull/192
Look-alike of PyRenew's `Model.run` after PR #192: `rng_key` defaults to
`None` and, when omitted, a new key is made from a host-drawn seed outside any
traced code, so repeated fits without a key differ.

Observed on jax 0.10.2: 0 of 2 calls
"""
import jax.numpy as jnp

from models import RtRandomWalkModel


def run():
    obs = jnp.log(jnp.array([10.0, 12.0, 15.0, 17.0, 21.0, 25.0]))
    model = RtRandomWalkModel(obs)
    first = model.run(num_warmup=20, num_samples=50)
    same = 0
    for _ in range(2):
        again = model.run(num_warmup=20, num_samples=50)
        same += int(bool(jnp.array_equal(first, again)))
    return same
