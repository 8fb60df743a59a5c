import equinox as eqx
import jax.numpy as jnp
from equinox import field
from jaxtyping import Array

import control


class Agent(eqx.Module):
    A: Array
    B: Array
    # matrix of all possible policies, constant over the batch of agents
    policies: control.Policies = field(static=True)  # expect: JAX301
    gamma: float = 16.0

    def __init__(self, A, B, num_controls, policy_len=1):
        self.A = A
        self.B = B
        self.policies = control.construct_policies(num_controls, policy_len)
