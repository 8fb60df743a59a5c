"""A small stateful generator the user wrote after objax.random.Generator: the key lives on self."""
import jax


class Generator:
    def __init__(self, seed=0):
        self.key = jax.random.PRNGKey(seed)

    def __call__(self):
        self.key, sub = jax.random.split(self.key)  # expect: JAX105,JAX502
        return sub


DEFAULT_GENERATOR = Generator(0)


def uniform(shape, generator=DEFAULT_GENERATOR):
    return jax.random.uniform(generator(), shape)
