"""Data-parallel step that broadcasts a config object holding an array as a static argument.

Source: https://github.com/jax-ml/jax/issues/7703
The report: a `dataclasses.dataclass(unsafe_hash=True)` wrapping a jax array passed through
`pmap(..., static_broadcasted_argnums=0)`; its hash fails because the array is unhashable.
(The issue asked that pmap raise like jit does, which it now does.) Here an augmentation config
with a per-channel scale array is broadcast statically to every device.

Observed on jax 0.10.2: raises ValueError
"""
import dataclasses
import functools

import jax
import jax.numpy as jnp


@dataclasses.dataclass(unsafe_hash=True)
class AugmentConfig:
    flip: bool
    channel_scale: jax.Array


@functools.partial(jax.pmap, static_broadcasted_argnums=0)
def augment(cfg, images):
    images = images[..., ::-1] if cfg.flip else images
    return images * cfg.channel_scale


def run():
    n_dev = jax.local_device_count()
    cfg = AugmentConfig(flip=True, channel_scale=jnp.array([1.0, 0.5, 2.0]))
    images = jnp.ones((n_dev, 2, 4, 3))
    return augment(cfg, images)  # expect: JAX302
