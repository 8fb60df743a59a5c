"""dynamiqs: `dq.fock()` range check and ket size use traced `dim`/`number`.

Source: https://github.com/dynamiqs/dynamiqs/pull/808
(dynamiqs, commit ddb79cbe "Fix JIT compatibility with state creation").

`fock(dim, number)` converted `dim` with `jnp.asarray` and validated the Fock
numbers with a Python `if jnp.any(dim - number <= 0): raise ValueError(...)`.
Called from a jitted function with a traced `number`, the `if` asks for the
truth value of a traced array; the (unbatched) helper also sizes the ket with
`prod(dim)` of a `jnp` array, which is traced inside jit. The fix switched to
`np.asarray(dim)` and `eqx.error_if` (see the clean look-alike). The report
fixed both lines; the `if` is the one that raises first.

Observed on jax 0.10.2: raises TracerBoolConversionError
"""
from math import prod

import jax
import jax.numpy as jnp


def cdtype():
    return jnp.complex64


def check_type_int(x, argname):
    if not jnp.issubdtype(jnp.asarray(x).dtype, jnp.integer):
        raise TypeError(f"Argument `{argname}` must be of type integer.")


def fock(dim, number):
    """Returns the ket of a Fock state or a tensor product of Fock states."""
    dim = jnp.asarray(dim)
    number = jnp.asarray(number)
    check_type_int(dim, "dim")
    check_type_int(number, "number")

    # check if 0 <= number[..., i] < dim[i] for all i
    if jnp.any(dim - number <= 0):  # expect: JAX201
        raise ValueError(
            "Argument `number` must be in the range [0, dim[i]) for each mode i:"
            " 0 <= number[..., i] < dim[i]."
        )

    # compute all kets
    _vectorized_fock = jnp.vectorize(_fock, signature="(ndim),(ndim)->(prod_ndim,1)")
    return _vectorized_fock(dim, number)


def _fock(dim, number):
    # tensor product of Fock states |n0> x |n1> x ... (unbatched version)
    idx = 0
    for d, n in zip(dim, number):
        idx = d * idx + n
    ket = jnp.zeros((prod(dim), 1), dtype=cdtype())  # expect: JAX204
    return ket.at[idx].set(1.0)


@jax.jit
def prepare(number):
    # e.g. the initial state of a two-mode simulation, chosen by the optimiser
    return fock((3, 2), number)


def run():
    return prepare(jnp.array([1, 0]))
