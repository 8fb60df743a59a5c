"""Same stencil sweep with the aux data stored as a tuple of floats, the
hashable form the JAX error message asks for ("metadata fields are hashable
and have simple equality semantics").

Source: https://github.com/jax-ml/jax/issues/28659
In the report, swapping the ``np.ndarray`` aux field for a ``set`` made the
failure disappear; the robust version stores plain hashable values.  Each
call with an equal tuple hits the same cache entry.

Observed on jax 0.10.2: apply_stencil compiled 1 times
"""
import jax.numpy as jnp
import numpy as np

from ops import apply_stencil
from stencil import Stencil

CENTRAL = tuple(float(w) for w in np.array([-0.5, 0.0, 0.5]))


def sweep(fields):
    return [apply_stencil(Stencil(f, CENTRAL)) for f in fields]


def run():
    fields = [jnp.linspace(0.0, 1.0, 8) * k for k in range(1, 4)]
    return sweep(fields)
