"""A config `dict` passed to a parameter listed in `static_argnames`.

Source: https://github.com/google-research/long-range-arena/issues/7
Training the ListOps Transformer from the README failed with "Non-hashable static arguments
are not supported" after a jax upgrade: a config object that cannot be hashed went static.

Observed on jax 0.10.x: raises ValueError
"""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("config",))
def train_step(params, batch, config):
    return params - config["learning_rate"] * jnp.mean(batch)


def train(params, batches):
    config = {"learning_rate": 0.05, "num_layers": 4}
    for batch in batches:
        params = train_step(params, batch, config=config)  # expect: JAX302
    return params


def run():
    return train(jnp.ones(3), [jnp.ones(3)])
