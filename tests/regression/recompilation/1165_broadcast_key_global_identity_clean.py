"""Key broadcast through an identity function defined once at module scope (fixed).

Source: https://github.com/google/paxml/commit/e4fad96057a62c605f8cd36263080dc40a851988
What happened: paxml's `PjitPartitioner.preprocess_prng_key` defined `_identity` inside the
cached `_broadcast_key` closure, so `pjit.pjit(_identity, ...)` recompiled on every call.
The commit moved it to module scope -- "A helper identity function, defined globally so it
is JIT-compiled once." -- and `_broadcast_key` wraps that same function each time.  Same
partitioner and driver as the hazard with the global helper.

Observed on jax 0.10.2: _identity compiled 1 times
"""
import jax
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec


def _identity(x):
    """A helper identity function, defined globally so it is JIT-compiled once."""
    return x


class PjitPartitioner:
    def __init__(self):
        self._global_mesh = Mesh(np.array(jax.devices()[:1]), ("data",))
        self._broadcast_key_fn = None

    def preprocess_prng_key(self, prng_key):
        if not self._broadcast_key_fn:

            def _broadcast_key(k):
                rep_sharding = NamedSharding(self._global_mesh, PartitionSpec())
                return jax.jit(
                    _identity, in_shardings=rep_sharding, out_shardings=rep_sharding
                )(k)

            self._broadcast_key_fn = _broadcast_key

        return self._broadcast_key_fn(prng_key)


def run():
    partitioner = PjitPartitioner()
    root_key = jax.random.PRNGKey(0)
    keys = [partitioner.preprocess_prng_key(jax.random.fold_in(root_key, i)) for i in range(5)]
    return len(keys)


if __name__ == "__main__":
    print(run())
