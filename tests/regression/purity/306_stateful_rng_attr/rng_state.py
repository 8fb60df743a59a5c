import jax


class StatefulRNG:
    """Convenience wrapper so model code can ask for fresh keys without threading them."""

    def __init__(self, seed: int):
        self.key = jax.random.key(seed)

    def next_key(self):
        self.key, sub = jax.random.split(self.key)  # expect: JAX105
        return sub
