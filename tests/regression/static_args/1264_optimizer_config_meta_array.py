"""A dataclass registered with jax.tree_util.register_dataclass keeps a JAX
array in a meta (static) field; a second call with an equal-looking config
fails when jit compares treedef metadata.

Source: https://github.com/jax-ml/jax/issues/28659
The report shows that arrays in pytree aux data make jit fail (not on the
first call, but once two treedefs are compared) with "The truth value of an
array with more than one element is ambiguous"; JAX now says "arrays cannot be
passed as metadata fields".  Here the array sits in a ``register_dataclass``
meta field of a per-parameter learning-rate config that an optimizer step
receives; the config is rebuilt on every epoch.

Observed on jax 0.10.2: raises ValueError
"""
import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class LayerwiseLR:
    scale: jax.Array          # expect: JAX301
    momentum: float = 0.9


jax.tree_util.register_dataclass(LayerwiseLR, data_fields=[], meta_fields=["scale", "momentum"])


@jax.jit
def sgd_step(params, grads, cfg):
    return params - cfg.scale * grads


def make_config(n_layers):
    return LayerwiseLR(scale=jnp.linspace(1e-2, 1e-3, n_layers))


def train(epochs=3):
    params = jnp.ones(4)
    for _ in range(epochs):
        cfg = make_config(4)
        params = sgd_step(params, 0.1 * params, cfg)  # expect: JAX302
    return params


def run():
    return train()
