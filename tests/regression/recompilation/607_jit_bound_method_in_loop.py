"""`jax.jit(a.do, ...)` on a bound method inside a loop, re-traced every iteration.

Source: https://github.com/jax-ml/jax/issues/15338
Jitting a free function `do(obj, key, shape)` in the loop traced once, but
jitting the bound method `a.do` in the same loop traced on every iteration:
each attribute access creates a new bound-method object and the jit cache is
keyed on it.

Observed on jax 0.10.2: do compiled 3 times
"""
import jax
from jax.tree_util import register_pytree_node_class


@register_pytree_node_class
class A:
    def do(self, key, shape):
        return jax.random.uniform(key, shape)

    def tree_flatten(self):
        return (), {}

    @classmethod
    def tree_unflatten(cls, treedef, leaves):
        return cls(*leaves, **treedef)


def sample(a, key, n=3):
    out = []
    for _ in range(n):
        key, subkey = jax.random.split(key)
        out.append(jax.jit(a.do, static_argnums=1)(subkey, (2, 3, 4)))  # expect: JAX401,JAX402,JAX403
    return out


def run():
    return sample(A(), jax.random.key(42))[-1]
