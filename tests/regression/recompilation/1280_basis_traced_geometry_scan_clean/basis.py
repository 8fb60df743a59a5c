import equinox as eqx
import jax.numpy as jnp
import numpy as np

from primitive import Primitive


class Basis(eqx.Module):
    primitives: Primitive
    coefficients: jnp.ndarray
    basis_name: str = eqx.field(static=True)
    num_orbitals: int = eqx.field(static=True)


def basisset(positions, basis_name="sto-3g"):
    pos = np.atleast_2d(np.asarray(positions, dtype=np.float32))
    prim = Primitive(center=jnp.asarray(pos), alpha=jnp.full(len(pos), 0.8))
    return Basis(prim, jnp.ones(len(pos)), basis_name, len(pos))
