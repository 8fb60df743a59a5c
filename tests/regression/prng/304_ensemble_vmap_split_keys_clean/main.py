"""Clean look-alike: one split key per ensemble member, vmapped along with the params.

Source: https://github.com/google/flax/issues/4973
The expected behaviour from the report: each vmapped instance gets its own key.

Observed on jax 0.10.2: 1 of 4 calls
"""
import jax
import jax.numpy as jnp

from ensemble import ensemble_forward


def run():
    n_members = 4
    stacked = {"w": jnp.ones((n_members, 3, 16))}
    out = ensemble_forward(stacked, jnp.ones((2, 3)), jax.random.key(0))
    return sum(bool(jnp.array_equal(out[i], out[0])) for i in range(n_members))
