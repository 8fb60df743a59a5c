"""`print` in a function decorated through an aliased module, `import jax as jx`.

Source: https://github.com/google/flax/issues/743
Printing from a jitted function shows the trace once; the alias the module goes by changes
nothing about that.

Observed on jax 0.10.x: printed in 1 of 3 calls
"""

import contextlib
import io

import jax as jx
import jax.numpy as jnp


@jx.jit
def normalize(v):
    norm = jnp.linalg.norm(v)
    print("norm:", norm)  # expect: JAX101
    return v / norm


def run():
    printed = 0
    for scale in (1.0, 2.0, 3.0):
        with contextlib.redirect_stdout(io.StringIO()) as out:
            normalize(scale * jnp.ones(3))
        printed += bool(out.getvalue())
    return printed
