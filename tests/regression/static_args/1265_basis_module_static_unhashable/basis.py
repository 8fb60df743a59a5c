"""Gaussian basis containers (equinox modules holding arrays)."""
import equinox as eqx
import jax.numpy as jnp
import numpy as np


class Primitive(eqx.Module):
    center: jnp.ndarray
    alpha: jnp.ndarray


class Basis(eqx.Module):
    primitives: Primitive
    coefficients: jnp.ndarray
    basis_name: str = eqx.field(static=True)


def basisset(positions, basis_name="sto-3g"):
    pos = np.atleast_2d(np.asarray(positions, dtype=np.float32))
    prim = Primitive(center=jnp.asarray(pos), alpha=jnp.ones(len(pos)))
    return Basis(prim, jnp.ones(len(pos)), basis_name)
