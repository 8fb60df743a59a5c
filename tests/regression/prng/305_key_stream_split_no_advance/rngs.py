import jax


class KeyStream:
    """Small nnx.Rngs-like helper: call it for one key, or split() for a batch of keys."""

    def __init__(self, seed):
        self.key = jax.random.key(seed)

    def __call__(self):
        self.key, sub = jax.random.split(self.key)
        return sub

    def split(self, n):
        return jax.random.split(self.key, n)  # expect: JAX504
