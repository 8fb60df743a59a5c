"""`print` in a block wrapped with `jax.checkpoint`, called from a jitted forward pass.

Source: https://github.com/jax-ml/jax/issues/457
Rematerialised blocks are traced as part of the jitted function; a print in one shows up when
the function compiles and never on later calls.

Observed on jax 0.10.x: printed in 1 of 3 calls
"""

import contextlib
import io

import jax
import jax.numpy as jnp


@jax.checkpoint
def residual_block(w, x):
    h = jnp.tanh(x @ w)
    print("block activations", h.shape)  # expect: JAX101
    return x + h


@jax.jit
def forward(w, x):
    return residual_block(w, residual_block(w, x))


def run():
    printed = 0
    for scale in (1.0, 2.0, 3.0):
        with contextlib.redirect_stdout(io.StringIO()) as out:
            forward(jnp.eye(3), scale * jnp.ones(3))
        printed += bool(out.getvalue())
    return printed
