"""Backend random functions advance the stored key on every call (the fix).

Source: https://github.com/synnada-ai/mithril/issues/131
Look-alike of mithril's `JaxBackend` random functions in which a call without
an explicit key splits `self.prng_key` and keeps the new parent, the way the
backend's own `multinomial` already did, so layers and consecutive calls get
fresh randomness.

Observed on jax 0.10.2: 0 of 2 calls
"""
import jax.numpy as jnp

from .backend import JaxBackend
from .model import init_mlp


def run():
    backend = JaxBackend(seed=10)
    params = init_mlp(backend, [16, 16, 16, 16])
    same = int(bool(jnp.array_equal(params[1]["w"], params[2]["w"])))
    same += int(bool(jnp.array_equal(backend.randn(4), backend.randn(4))))
    return same
