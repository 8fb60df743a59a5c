"""`jax.debug.print` in a jitted step: the sanctioned way to print traced values.

Source: https://github.com/google/flax/issues/743
The answer to printing from jitted code is a host callback (`id_print` then, `jax.debug.print`
now): it is staged into the computation and prints on every call.

Observed on jax 0.10.x: printed in 3 of 3 calls
"""

import contextlib
import io

import jax
import jax.numpy as jnp


@jax.jit
def train_step(params, x):
    loss = jnp.sum((x @ params) ** 2)
    jax.debug.print("loss={loss}", loss=loss)
    return params - 0.1 * jax.grad(lambda p: jnp.sum((x @ p) ** 2))(params)


def run():
    printed = 0
    params = jnp.ones(3)
    for _ in range(3):
        with contextlib.redirect_stdout(io.StringIO()) as out:
            params = train_step(params, jnp.ones((2, 3)))
            jax.effects_barrier()
        printed += bool(out.getvalue())
    return printed
