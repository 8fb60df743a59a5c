"""Policy enumeration helpers."""
import itertools

import jax.numpy as jnp


def construct_policies(num_controls, policy_len):
    combos = itertools.product(*[range(n) for n in num_controls] * policy_len)
    pols = jnp.array(list(combos), dtype=jnp.int32)
    return pols.reshape(-1, policy_len, len(num_controls))
