"""Minimal effect-handler layer in the style of numpyro.handlers."""
import jax

_PYRO_STACK = []


class seed:
    """Seed a stochastic function with a PRNG key; the key is split on every sample site."""

    def __init__(self, fn, rng_seed):
        self.fn = fn
        self.rng_key = jax.random.PRNGKey(rng_seed)

    def __call__(self, *args, **kwargs):
        _PYRO_STACK.append(self)  # expect: JAX104
        try:
            return self.fn(*args, **kwargs)
        finally:
            _PYRO_STACK.pop()

    def process_message(self, msg):
        self.rng_key, rng_key_sample = jax.random.split(self.rng_key)  # expect: JAX105
        msg["rng_key"] = rng_key_sample


def sample(name, sampler, shape=()):
    msg = {"name": name, "rng_key": None}
    for handler in reversed(_PYRO_STACK):
        handler.process_message(msg)
    return sampler(msg["rng_key"], shape)
