"""Clean look-alike of 001: the jitted method returns a new pytree instead of assigning to self.

Source: https://github.com/jax-ml/jax/issues/15817
The answer on the report: jitted functions must be pure, so ``set_subsystem`` should return
the updated object (``return SpinChain(self.x.at[index].set(sub.x))``) and the caller rebinds.
run() counts calls after which the caller's state is unchanged (none).

Observed on jax 0.10.2: 0 of 3 calls
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
    def set_subsystem(self, index, sub: "SpinChain") -> "SpinChain":
        new_x = self.x.at[index].set(sub.x)
        return SpinChain(new_x)


jax.tree_util.register_pytree_node(SpinChain, SpinChain._tree_flatten, SpinChain._tree_unflatten)


def run():
    chain = SpinChain(jnp.zeros(4))
    unchanged = 0
    for k in range(3):
        block = SpinChain(jnp.full((2,), float(k + 1)))
        before = np.asarray(chain.x)
        chain = chain.set_subsystem(jnp.arange(2) + k % 2, block)
        if np.array_equal(before, np.asarray(chain.x)):
            unchanged += 1
    return unchanged
