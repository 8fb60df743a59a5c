"""A hermiticity check on a diagonal-storage matrix clips offsets with builtin max/min.

Source: https://github.com/qutip/qutip-jax/issues/62
`isherm_jaxdia` computes `start = max(0, offset)`, `end = min(...)` and
slices `data[start:end]`; the issue reports it is not jit-compatible because
of the slice indices. Rebuilt with the offsets held as a JAX array field of
a small pytree, as qutip-jax's JaxDia does, and the check jitted.

Observed on jax 0.10.2: raises TracerBoolConversionError
"""
import jax
import jax.numpy as jnp
from jax.tree_util import register_pytree_node_class


@register_pytree_node_class
class JaxDia:
    def __init__(self, offsets, data, shape):
        self.offsets, self.data, self.shape = offsets, data, shape

    def tree_flatten(self):
        return (self.offsets, self.data), self.shape

    @classmethod
    def tree_unflatten(cls, shape, children):
        return cls(*children, shape)


def isherm_jaxdia(matrix, tol=1e-10):
    ok = jnp.array(True)
    for k in range(matrix.data.shape[0]):
        offset = matrix.offsets[k]
        start = max(0, offset)  # expect: JAX206
        end = min(matrix.shape[1], matrix.shape[0] + offset)  # expect: JAX206
        diag = matrix.data[k, start:end]  # expect: JAX205
        ok = ok & jnp.all(jnp.abs(diag.imag) < tol)
    return ok


def run():
    m = JaxDia(jnp.array([0, 1]), jnp.ones((2, 3), dtype=jnp.complex64), (3, 3))
    return jax.jit(isherm_jaxdia)(m)
