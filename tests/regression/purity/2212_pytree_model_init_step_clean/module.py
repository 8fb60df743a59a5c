"""Minimal stand-in for treex's tx.Module: every attribute is a pytree child, so an instance passed
through jax.jit is flattened and rebuilt as a fresh copy inside the trace."""
import jax


class Module:
    def tree_flatten(self):
        keys = sorted(self.__dict__)
        return [self.__dict__[k] for k in keys], keys

    @classmethod
    def tree_unflatten(cls, keys, children):
        obj = object.__new__(cls)
        obj.__dict__.update(zip(keys, children))
        return obj

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        jax.tree_util.register_pytree_node_class(cls)
