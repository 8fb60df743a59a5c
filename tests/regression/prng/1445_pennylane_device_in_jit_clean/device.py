"""Stand-in for PennyLane's default.qubit.jax device constructed with an explicit prng_key."""
import jax


class DefaultQubitJax:
    def __init__(self, wires, shots=None, prng_key=None):
        self.num_wires = wires
        self.shots = shots
        self._prng_key = prng_key

    def generate_samples(self, probs):
        return jax.random.choice(self._prng_key, 2 ** self.num_wires, shape=(self.shots,), p=probs)
