import jax
import jax.numpy as jnp


class Categorical:
    """Distribution object that lazily memoises its normalised probabilities."""

    def __init__(self, logits):
        self.logits = logits
        self._probs = None

    @property
    def probs(self):
        if self._probs is None:
            self._probs = jax.nn.softmax(self.logits)  # expect: JAX105
        return self._probs

    def entropy(self):
        p = self.probs
        return -jnp.sum(p * jnp.log(p + 1e-12))
