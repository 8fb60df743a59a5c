"""A dict comprehension of per-layer sizes passed as a static argument.

Source: https://github.com/google-research/long-range-arena/issues/7
"Non-hashable static arguments are not supported" from a training script after an upgrade:
configuration built as a dict and handed to a static parameter.

Observed on jax 0.10.x: raises ValueError
"""

import jax
import jax.numpy as jnp


def init_layers(scale, sizes):
    return {name: scale * jnp.ones(n) for name, n in sizes.items()}


init_layers = jax.jit(init_layers, static_argnums=1)


def build(names):
    return init_layers(0.1, {name: 2 * i + 1 for i, name in enumerate(names)})  # expect: JAX302


def run():
    return build(["dense", "head"])
