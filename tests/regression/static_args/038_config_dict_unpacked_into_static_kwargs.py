"""A config dict unpacked with `**config` into a jitted step whose `hidden_sizes` is static.

Source: https://github.com/google-research/long-range-arena/issues/7
Training scripts feed parsed configuration into jitted functions; a list-valued entry that lands
on a static parameter raises "Non-hashable static arguments are not supported".

Observed on jax 0.10.x: raises ValueError
"""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("hidden_sizes", "activation"))
def init_params(scale, hidden_sizes, activation="relu"):
    return [scale * jnp.ones(n) for n in hidden_sizes]


def main():
    config = {"hidden_sizes": [64, 64], "activation": "relu"}
    return init_params(0.01, **config)  # expect: JAX302


def run():
    return main()
