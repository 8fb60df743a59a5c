"""Debug `print` in a `fori_loop` body under `jit`, expected to print per iteration.

Source: https://github.com/jax-ml/jax/issues/457
A user adds `print` statements to jitted functions to see what runs; they fire while tracing,
so a print in a loop body shows up once per compilation, not once per iteration or call.

Observed on jax 0.10.x: printed in 1 of 3 calls
"""

import contextlib
import io

import jax
import jax.numpy as jnp


def power_iteration(matrix, num_iters=5):
    def body(i, vec):
        vec = matrix @ vec
        print("iteration", i)  # expect: JAX101
        return vec / jnp.linalg.norm(vec)

    return jax.lax.fori_loop(0, num_iters, body, jnp.ones(matrix.shape[0]))


power_iteration_jit = jax.jit(power_iteration, static_argnums=1)


def run():
    printed = 0
    for scale in (1.0, 2.0, 3.0):
        with contextlib.redirect_stdout(io.StringIO()) as out:
            power_iteration_jit(scale * jnp.eye(3))
        printed += bool(out.getvalue())
    return printed
