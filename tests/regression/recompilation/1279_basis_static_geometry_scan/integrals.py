from functools import partial

import jax
import jax.numpy as jnp
from jax import vmap


def _overlap_primitives(a, b):
    p = a.alpha + b.alpha
    return (jnp.pi / p) ** 1.5 * jnp.exp(-a.alpha * b.alpha / p * jnp.sum((a.center - b.center) ** 2))


@partial(jax.jit, static_argnums=(0, 1))
def integrate_dense(basis, primitive_op):
    p = basis.primitives
    cc = basis.coefficients[:, None] * basis.coefficients[None, :]
    return cc * vmap(vmap(primitive_op, (None, 0)), (0, None))(p, p)


def overlap_basis(basis):
    return integrate_dense(basis, _overlap_primitives)  # expect: JAX403,JAX302
