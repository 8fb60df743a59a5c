"""An exploration-noise object keeps a PRNG key on `self` and never advances it.

Source: https://theneuralbase.com/jax/learn/intermediate/jax-prng-explicit-key-management/
The tutorial warns that calling a random function twice with the same key
"gives identical results", a silent correctness failure for NumPy users used to
global state. Here the key lives inside an exploration helper (its own module)
held by an agent: each `sample()` call reuses `self.key`, so every episode
gets the same noise.

Observed on jax 0.10.2: 3 of 4 calls
"""
import jax.numpy as jnp

from .agent import Agent


def run():
    actions = Agent(jnp.zeros(3)).rollout(4)
    return sum(bool(jnp.all(a == actions[0])) for a in actions[1:])
