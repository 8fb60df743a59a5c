"""A pytree whose aux (metadata) holds a NumPy array: the first jitted call
works, a later call with an equal-looking instance fails while jit compares
the cached treedef.

Source: https://github.com/jax-ml/jax/issues/28659
The report's ``HasArray`` dataclass returns ``(self.x,), (self.y,)`` from
``tree_flatten`` with ``y: np.ndarray``; calling a jitted ``f`` in a loop
"never fails on the first iteration" but fails with "The truth value of an
array with more than one element is ambiguous" once jit has to compare the
aux data of two treedefs.  Here a ``Stencil`` keeps its finite-difference
weights as a NumPy array in aux data (stencil.py) and a sweep over fields
calls the jitted ``apply_stencil`` (ops.py) once per field.

Observed on jax 0.10.2: raises ValueError
"""
import jax.numpy as jnp
import numpy as np

from ops import apply_stencil
from stencil import Stencil

CENTRAL = np.array([-0.5, 0.0, 0.5])


def sweep(fields):
    return [apply_stencil(Stencil(f, CENTRAL.copy())) for f in fields]


def run():
    fields = [jnp.linspace(0.0, 1.0, 8) * k for k in range(1, 4)]
    return sweep(fields)
