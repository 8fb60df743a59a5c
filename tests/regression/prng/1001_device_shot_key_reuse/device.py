import jax
import jax.numpy as jnp


class DefaultQubitJax:
    """Simulator that samples measurement outcomes with a stored key."""

    def __init__(self, shots, seed=0):
        self.shots = shots
        self._prng_key = jax.random.PRNGKey(seed)

    def _sample_state(self, probs):
        return jax.random.choice(
            self._prng_key, probs.shape[0], shape=(self.shots,), p=probs  # expect: JAX502
        )

    def execute(self, theta):
        probs = jnp.array([jnp.cos(theta / 2) ** 2, jnp.sin(theta / 2) ** 2])
        samples = self._sample_state(probs)
        return samples
