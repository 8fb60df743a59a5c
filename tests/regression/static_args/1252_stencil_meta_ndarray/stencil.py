"""Finite-difference stencil container registered as a pytree."""
import dataclasses

import jax
import numpy as np


@jax.tree_util.register_pytree_node_class
@dataclasses.dataclass
class Stencil:
    field: object            # the values being differenced (a leaf)
    weights: np.ndarray      # expect: JAX301

    def tree_flatten(self):
        # weights are "configuration", so they go to the aux data
        return (self.field,), (self.weights,)

    @classmethod
    def tree_unflatten(cls, aux_data, children):
        (field,) = children
        (weights,) = aux_data
        return cls(field, weights)
