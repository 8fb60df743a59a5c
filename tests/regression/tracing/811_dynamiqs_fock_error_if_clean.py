"""dynamiqs (clean look-alike): `dq.fock()` after the jit fix, with `eqx.error_if`.

Source: https://github.com/dynamiqs/dynamiqs/pull/808
(dynamiqs, commit ddb79cbe "Fix JIT compatibility with state creation").

Fixed version of `fock`: `dim` is a NumPy array (static Python data, so
`prod(dim)` and the loop over `dim` are concrete), and the range check on the
traced `number` goes through `eqx.error_if`, a runtime check that never asks
Python for a truth value. `np.asarray(dim)` is applied to the static shape
tuple, never to a traced value. A linter must not flag it.

Observed on jax 0.10.2: runs
"""
from math import prod

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np


def cdtype():
    return jnp.complex64


def check_type_int(x, argname):
    if not jnp.issubdtype(jnp.asarray(x).dtype, jnp.integer):
        raise TypeError(f"Argument `{argname}` must be of type integer.")


def fock(dim, number):
    """Returns the ket of a Fock state or a tensor product of Fock states."""
    dim = np.asarray(dim)
    number = jnp.asarray(number)
    check_type_int(dim, "dim")
    check_type_int(number, "number")

    # check if 0 <= number[..., i] < dim[i] for all i
    number = eqx.error_if(
        number,
        dim - number <= 0,
        "Argument `number` must be in the range [0, dim[i]) for each mode i:"
        " 0 <= number[..., i] < dim[i].",
    )

    # compute all kets
    def _fock(number):
        # this is the unbatched version of fock()
        idx = 0
        for d, n in zip(dim, number):
            idx = d * idx + n
        ket = jnp.zeros((prod(dim), 1), dtype=cdtype())
        return ket.at[idx].set(1.0)

    _vectorized_fock = jnp.vectorize(_fock, signature="(ndim)->(prod_ndim,1)")
    return _vectorized_fock(number)


@jax.jit
def prepare(number):
    return fock((3, 2), number)


def run():
    return prepare(jnp.array([1, 0]))
