from functools import partial

import jax


class Box:

    @partial(jax.jit, static_argnums=0)
    def apply_jit(self, arr):
        print("This code runs once during the first trace.")  # expect: JAX101
        out = arr * 2
        self.cache = out  # expect: JAX105
        return out
