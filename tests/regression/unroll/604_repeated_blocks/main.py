"""A transformer-style stack applies the same block N times in a Python loop under jit.

Source: https://github.com/google-deepmind/dm-haiku/issues/639
"Improving compilation speed for repeated layers": jitting a model with
many identical layers takes very long because the compiler sees each layer
separately; the reporter wanted to avoid `layer_stack` because it stacks
parameters. Rebuilt with per-layer parameter dicts, a config module and a
model module.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp

from . import model


def run():
    params = model.init(jax.random.PRNGKey(0))
    return jax.jit(model.forward)(params, jnp.ones((2, 8)))
