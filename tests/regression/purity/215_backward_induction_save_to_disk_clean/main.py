"""Jitted backward induction saves each period through io_callback (the fix).

Source: https://github.com/OpenSourceEconomics/dcegm/pull/76
The PR's approach: saving arrays from inside the jitted backward induction
goes through `jax.experimental.io_callback`, which runs on every call with
concrete values. The driver solves twice and counts the policy files written
by the second call.

Observed on jax 0.10.2: 3 of 3 calls
"""
import os
import tempfile

import jax.numpy as jnp

from solve import make_solver


def run():
    with tempfile.TemporaryDirectory() as out_dir:
        solver = make_solver(n_periods=3, beta=0.95, out_dir=out_dir)
        solver(jnp.linspace(1.0, 10.0, 16)).block_until_ready()
        for name in os.listdir(out_dir):
            os.remove(os.path.join(out_dir, name))
        solver(jnp.linspace(1.0, 12.0, 16)).block_until_ready()
        return len([n for n in os.listdir(out_dir) if n.endswith(".npy")])
