"""Jitted method on a pytree class assigns to ``self.x``; the caller's object never changes.

Source: https://github.com/jax-ml/jax/issues/15817
Report: "class method does not modify attributes when jitted" -- a class registered as a
pytree has ``@jax.jit def set_subsystem(self, index, sub): self.x = self.x.at[index].set(sub.x)``.
Without jit the attribute is updated; with jit the method writes into the traced copy of
``self`` that jit rebuilt from the flattened leaves, so ``a.x`` is unchanged after the call.
run() calls the method three times and counts the calls after which ``state.x`` is unchanged.

Observed on jax 0.10.2: 3 of 3 calls
"""
import jax
import jax.numpy as jnp
import numpy as np


class SpinChain:
    def __init__(self, x):
        self.x = x

    def _tree_flatten(self):
        return (self.x,), {}

    @classmethod
    def _tree_unflatten(cls, aux, children):
        return cls(*children)

    @jax.jit
    def set_subsystem(self, index, sub: "SpinChain"):
        self.x = self.x.at[index].set(sub.x)  # expect: JAX105


jax.tree_util.register_pytree_node(SpinChain, SpinChain._tree_flatten, SpinChain._tree_unflatten)


def run():
    chain = SpinChain(jnp.zeros(4))
    unchanged = 0
    for k in range(3):
        block = SpinChain(jnp.full((2,), float(k + 1)))
        before = np.asarray(chain.x)
        chain.set_subsystem(jnp.arange(2) + k % 2, block)
        if np.array_equal(before, np.asarray(chain.x)):
            unchanged += 1
    return unchanged
