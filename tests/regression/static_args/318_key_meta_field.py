"""A PRNG key registered as static metadata of a parameter dataclass.

Source: https://github.com/thomaspinder/GPJax/issues/384
GPJax's docs showed a module with the PRNG key declared as a `static_field`;
a key is a (non-hashable) jax array, so declaring it static is a bug that
jax silently accepted. Here the key sits in `meta_fields` of a registered
dataclass.

Observed on jax 0.10.2: runs
"""
import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class RandomFourierFeatures:
    lengthscale: jax.Array
    key: jax.Array  # expect: JAX301
    num_features: int = 16


jax.tree_util.register_dataclass(
    RandomFourierFeatures,
    data_fields=["lengthscale"],
    meta_fields=["key", "num_features"],
)


@jax.jit
def features(rff, x):
    omega = jax.random.normal(rff.key, (x.shape[-1], rff.num_features))
    proj = x @ (omega / rff.lengthscale)
    return jnp.concatenate([jnp.cos(proj), jnp.sin(proj)], -1)


def run():
    rff = RandomFourierFeatures(jnp.array(0.5), jax.random.PRNGKey(0))
    return features(rff, jnp.ones((4, 2)))
