"""Stand-in for PennyLane's default.qubit.jax device: samples come from a key held by the device."""
import jax
import jax.numpy as jnp


class DefaultQubitJax:
    def __init__(self, wires, shots=None, prng_key=None):
        self.num_wires = wires
        self.shots = shots
        self._prng_key = jax.random.PRNGKey(0) if prng_key is None else prng_key

    def generate_samples(self, probs):
        self._prng_key, key = jax.random.split(self._prng_key)  # expect: JAX502,JAX105
        return jax.random.choice(key, 2 ** self.num_wires, shape=(self.shots,), p=probs)
