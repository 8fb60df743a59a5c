"""`print` in a small closure defined and called inside a jitted function.

Source: https://github.com/jax-ml/jax/issues/457
Prints added to watch traced code fire while tracing, wherever they sit: a helper defined inside
the jitted function runs during the trace, once per compilation.

Observed on jax 0.10.x: printed in 1 of 3 calls
"""

import contextlib
import io

import jax
import jax.numpy as jnp


@jax.jit
def layer_norm(x, eps=1e-5):
    def stats(v):
        mean, var = v.mean(), v.var()
        print("mean/var", mean, var)  # expect: JAX101
        return mean, var

    mean, var = stats(x)
    return (x - mean) / jnp.sqrt(var + eps)


def run():
    printed = 0
    for scale in (1.0, 2.0, 3.0):
        with contextlib.redirect_stdout(io.StringIO()) as out:
            layer_norm(scale * jnp.arange(4.0))
        printed += bool(out.getvalue())
    return printed
