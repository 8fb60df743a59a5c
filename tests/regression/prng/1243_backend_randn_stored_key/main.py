"""Backend random functions read a stored key that is never advanced.

Source: https://github.com/synnada-ai/mithril/issues/131
In mithril's `JaxBackend` (mithril/backends/with_autograd/jax_backend/backend.py)
`randn`, `rand`, `randint` and `rand_uniform` did
`if prng_key is None: prng_key = self.prng_key`, where `self.prng_key =
jax.random.PRNGKey(self.seed)` was set once in `__init__`; only `multinomial`
advanced it (`self.prng_key, _ = jax.random.split(self.prng_key)`).  Issue #131
("Backend rand functions does not use prng_key parameter") was fixed by PR
#132, which reworked the key handling of all backends' rand functions.

Here a model initialiser calls `backend.randn` for each layer of an MLP whose
hidden layers have equal shapes; the layers come out identical, and so do two
consecutive `randn` calls.

Observed on jax 0.10.2: 2 of 2 calls
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
