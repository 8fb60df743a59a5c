"""Pjit-style partitioner: owns the mesh and prepares PRNG keys for each program."""
import jax
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec


class PjitPartitioner:
    def __init__(self):
        self._global_mesh = Mesh(np.array(jax.devices()[:1]), ("data",))
        self._broadcast_key_fn = None

    def preprocess_prng_key(self, prng_key):
        """Replicates the key on every device before it enters the step function."""
        if not self._broadcast_key_fn:
            # The keys are created on device with jax.random.split; broadcast them with
            # an identity jit so the loop body does not build a multi-slice program.
            def _broadcast_key(k):
                def _identity(x):
                    return x

                rep_sharding = NamedSharding(self._global_mesh, PartitionSpec())
                return jax.jit(  # expect: JAX402
                    _identity, in_shardings=rep_sharding, out_shardings=rep_sharding
                )(k)

            self._broadcast_key_fn = _broadcast_key

        return self._broadcast_key_fn(prng_key)
