import itertools

import equinox as eqx
import jax.numpy as jnp
from jaxtyping import Array


class Policies(eqx.Module):
    """A class for storing an array of policies and its properties."""

    policy_arr: Array
    horizon: int = eqx.field(static=True)
    num_policies: int = eqx.field(static=True)

    def __init__(self, policy_arr: Array):
        self.num_policies = policy_arr.shape[0]
        self.horizon = policy_arr.shape[1]
        self.policy_arr = policy_arr

    def __getitem__(self, idx):
        return self.policy_arr[idx]

    def __len__(self):
        return self.num_policies


def construct_policies(num_controls, policy_len=1):
    combos = list(itertools.product(*[range(c) for c in num_controls] * policy_len))
    arr = jnp.array(combos, dtype=jnp.int32).reshape(len(combos), policy_len, len(num_controls))
    return Policies(arr)
