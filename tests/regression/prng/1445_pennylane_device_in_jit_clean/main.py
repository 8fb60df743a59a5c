"""Clean look-alike, following the documented recipe: when jitting a sampling circuit, build the
device *inside* the jitted function from a PRNGKey argument, and pass a freshly split key on each
call. The device keeps the key it was built with, but it only lives for one call.

Source: https://github.com/PennyLaneAI/pennylane/pull/984
Observed on jax 0.10.x: circuit compiled 1 times; 0 of 3 calls
"""
import jax
import jax.numpy as jnp

from device import DefaultQubitJax


@jax.jit
def circuit(key, theta):
    dev = DefaultQubitJax(wires=1, shots=32, prng_key=key)
    state = jnp.array([jnp.cos(theta / 2), jnp.sin(theta / 2)])
    probs = jnp.abs(state) ** 2
    return 1 - 2 * dev.generate_samples(probs)


def run():
    key = jax.random.PRNGKey(0)
    samples = []
    for _ in range(4):
        key, sub = jax.random.split(key)
        samples.append(circuit(sub, jnp.pi / 2))
    return sum(int(bool(jnp.all(s == samples[0]))) for s in samples[1:])
