"""With the new JAX device, the user creates `dev` once and decorates the sampling qnode with
jax.jit. In op-by-op mode the device advances its stored key on every execution, but under jit
the key update happens only while tracing: "each call will return the exact same samples"
(`a = circuit(); b = circuit()  # Wrong! b will be the exact same`).

Source: https://github.com/PennyLaneAI/pennylane/pull/947
Observed on jax 0.10.x: circuit compiled 1 times; 2 of 3 calls
"""
import jax
import jax.numpy as jnp

from device import DefaultQubitJax

dev = DefaultQubitJax(wires=1, shots=20)


@jax.jit
def circuit():
    state = jnp.array([1.0, 1.0]) / jnp.sqrt(2.0)  # Hadamard on |0>
    probs = jnp.abs(state) ** 2
    return 1 - 2 * dev.generate_samples(probs)  # PauliZ eigenvalues


def run():
    a = circuit()
    samples = [a] + [circuit() for _ in range(2)]
    return sum(int(bool(jnp.all(s == a))) for s in samples[1:])
