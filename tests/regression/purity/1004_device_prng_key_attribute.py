"""Device object stores the split PRNG key on itself inside a jitted circuit.

Source: https://github.com/PennyLaneAI/pennylane/issues/3205
What happened: the JAX device kept its sampling key in device._prng_key and
updated it while executing inside jax.jit, so a tracer was stored on an object
that outlives the trace; the next eager use of the device hit the leaked tracer.
Observed on jax 0.10.2: raises UnexpectedTracerError
"""
import jax
import jax.numpy as jnp


class JaxQubitDevice:
    def __init__(self, wires, seed=0):
        self.wires = wires
        self._prng_key = jax.random.PRNGKey(seed)

    def sample(self, probs, shots):
        self._prng_key, sub = jax.random.split(self._prng_key)  # expect: JAX105
        return jax.random.categorical(sub, jnp.log(probs), shape=(shots,))


dev = JaxQubitDevice(wires=1)


@jax.jit
def circuit(theta):
    probs = jnp.stack([jnp.cos(theta / 2) ** 2, jnp.sin(theta / 2) ** 2])
    return jnp.mean(dev.sample(probs, shots=100))


def run():
    circuit(jnp.float32(0.3))
    probs = jnp.array([0.5, 0.5])
    return dev.sample(probs, shots=10)
