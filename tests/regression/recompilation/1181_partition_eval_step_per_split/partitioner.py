"""Partitioner that wraps model step functions into compiled, sharded callables."""
import functools

import jax


class Partitioner:
    def partition(self, step_fn, inputs_shape_dtype, is_eval, unpadded_global_batch_size):
        """Returns a compiled step for inputs of the given (unpadded) global batch size."""
        del inputs_shape_dtype, is_eval
        fn = functools.partial(step_fn, unpadded_global_batch_size=unpadded_global_batch_size)
        return jax.jit(fn)  # expect: JAX402
