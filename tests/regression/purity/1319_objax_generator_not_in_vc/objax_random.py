"""Minimal objax-style random module: a Generator object owns a key that it advances on every
draw, and module-level helpers use DEFAULT_GENERATOR."""
import jax.random as jr


class Generator:
    def __init__(self, seed=0):
        self.key = jr.PRNGKey(seed)

    def seed(self, seed=0):
        self.key = jr.PRNGKey(seed)

    def __call__(self):
        self.key, k = jr.split(self.key)  # expect: JAX105,JAX502
        return k


DEFAULT_GENERATOR = Generator(0)


def uniform(shape, generator=DEFAULT_GENERATOR):
    return jr.uniform(generator(), shape=shape)


def normal(shape, *, mean=0.0, stddev=1.0, generator=DEFAULT_GENERATOR):
    """NOTE: if random numbers are generated inside a jitted function then the generator's
    variables have to be passed to Jit."""
    return jr.normal(generator(), shape=shape) * stddev + mean
