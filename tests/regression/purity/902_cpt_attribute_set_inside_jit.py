"""A registered pytree container gets a new attribute set inside the function
that is later jitted; the attribute never reaches the caller's object.

Source: https://github.com/jax-ml/jax/issues/18910
The user's ``f(x, y, cpt)`` computed an intermediate and stored it on the
``CPT`` instance it received (``cpt.c = ...``) to reuse it after the call.
Without a transformation ``hasattr(cpt, "c")`` becomes True; under ``jax.jit``
the function sees an unflattened copy and a tracer, so the caller's object is
never updated (jakevdp: "The side-effect of f is to modify object passed to it").

Observed on jax 0.10.2: 1 of 1 calls
"""
import jax
import jax.numpy as jnp
from jax.tree_util import register_pytree_node_class


@register_pytree_node_class
class CPT:
    def __init__(self, a, b):
        self.a = a
        self.b = b

    def tree_flatten(self):
        return (self.a, self.b), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)


def f(x, y, cpt):
    cpt.c = cpt.a * x + cpt.b  # expect: JAX105
    return jnp.sum(cpt.c * y)


def run():
    cpt = CPT(a=2.0 * jnp.ones(3), b=3.0 * jnp.ones(3))
    jax.jit(f)(0.5, 4.0 * jnp.ones(3), cpt)
    # the caller's cpt never received the attribute
    return int(not hasattr(cpt, "c"))
