import jax


class PRNGSequence:
    """Minimal stand-in for haiku.PRNGSequence: each next() splits the stored key."""

    def __init__(self, seed):
        self._key = jax.random.PRNGKey(seed)

    def __next__(self):
        self._key, subkey = jax.random.split(self._key)
        return subkey


class BaseAlgorithm:
    def __init__(self, seed):
        self.rng = PRNGSequence(seed)
        self.learning_step = 0

    def get_key_list(self, num_keys):
        return [next(self.rng) for _ in range(num_keys)]
