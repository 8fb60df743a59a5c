from typing import Callable

import equinox as eqx
import jax
import jax.numpy as jnp


class FunctionLinearOperator(eqx.Module):
    fn: Callable
    input_structure: jax.ShapeDtypeStruct  # expect: JAX306

    def mv(self, vector):
        return self.fn(vector)

    def as_matrix(self):
        eye = jnp.eye(self.input_structure.shape[0], dtype=self.input_structure.dtype)
        return jax.vmap(self.fn, out_axes=1)(eye)
