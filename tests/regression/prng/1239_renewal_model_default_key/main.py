"""A model's `run` falls back to a fixed key built in its default argument.

Source: https://github.com/CDCgov/PyRenew/pull/192
In PyRenew's `metaclass.py`, `Model.run(self, num_warmup, num_samples,
rng_key: jax.random.PRNGKey = jax.random.PRNGKey(54), ...)` built the key once
in the signature, so every call that omitted `rng_key` ran the MCMC from the
same key and returned the same posterior draws ("MSR instantiates its own
PRNGKey using a magic number (54)").  PR #192 changed the default to `None` and
draws a fresh seed when no key is given.

Layout: `metaclass.py` holds the abstract `Model` with `run`, `models.py` a
concrete renewal model; `run()` fits three times without a key and counts the
later fits that equal the first.

Observed on jax 0.10.2: 2 of 2 calls
"""
import jax.numpy as jnp

from models import RtRandomWalkModel


def run():
    obs = jnp.log(jnp.array([10.0, 12.0, 15.0, 17.0, 21.0, 25.0]))
    model = RtRandomWalkModel(obs)
    first = model.run(num_warmup=20, num_samples=50)
    same = 0
    for _ in range(2):
        again = model.run(num_warmup=20, num_samples=50)
        same += int(bool(jnp.array_equal(first, again)))
    return same
