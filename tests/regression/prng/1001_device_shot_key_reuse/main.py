"""Every circuit execution samples shots with the same stored device key.

Source: https://github.com/PennyLaneAI/pennylane/pull/5515
What happened: the JAX device only split PRNG keys at the lowest level
(_sample_state_jax) and otherwise reused the device key, which "could cause
unwanted correlations"; repeated executions drew the same shot pattern.
run() returns how many of the later executions repeat the first one's shots.
Observed on jax 0.10.2: 2 of 3 calls
"""
import jax.numpy as jnp

from device import DefaultQubitJax


def run():
    dev = DefaultQubitJax(shots=50)
    first = dev.execute(jnp.float32(1.2))
    same = 0
    for _ in range(2):
        if bool(jnp.all(dev.execute(jnp.float32(1.2)) == first)):
            same += 1
    return same
