"""Finite-difference stencil container registered as a pytree."""
import dataclasses

import jax


@jax.tree_util.register_pytree_node_class
@dataclasses.dataclass
class Stencil:
    field: object
    weights: tuple  # hashable metadata: plain Python floats

    def tree_flatten(self):
        return (self.field,), (self.weights,)

    @classmethod
    def tree_unflatten(cls, aux_data, children):
        (field,) = children
        (weights,) = aux_data
        return cls(field, weights)
