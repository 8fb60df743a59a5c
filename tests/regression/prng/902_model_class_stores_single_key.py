"""Class-based NumPyro-style model creates its PRNG key once in ``__init__``
and uses that attribute for every stochastic call.

Source: https://github.com/pyro-ppl/numpyro/issues/1036
"I am using Numpyro in a Class-based structure, in which the Jax random key is
created in the ``__init__`` function of the class and saved as an attribute,
which is then called in every stochastic function (e.g. ``numpyro.sample()``)".

Observed on jax 0.10.2: 1 of 1 calls
"""
import jax
import jax.numpy as jnp
from jax import random


class LinearModel:
    def __init__(self, seed=0):
        self.rng_key = random.PRNGKey(seed)

    def sample_intercept(self):
        return 2.0 * random.normal(self.rng_key, ())  # expect: JAX502

    def sample_slope(self):
        return random.normal(self.rng_key, ())  # expect: JAX502

    def simulate(self, x):
        return self.sample_intercept() + self.sample_slope() * x  # expect: JAX501


def run():
    model = LinearModel(seed=3)
    a = model.sample_intercept()
    b = model.sample_slope()  # expect: JAX501
    # intercept and slope are perfectly correlated (a == 2 * b)
    return int(bool(jnp.allclose(a, 2.0 * b)))
