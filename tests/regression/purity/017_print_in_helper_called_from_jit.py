"""A debugging `print` in a helper that a jitted function calls.

Source: https://github.com/jax-ml/jax/issues/457
Print statements used to watch what runs are in helpers as often as in the jitted function;
the helper runs inside the trace too, so its print fires once per compilation.

Observed on jax 0.10.x: printed in 1 of 3 calls
"""

import contextlib
import io

import jax
import jax.numpy as jnp


def attention_scores(q, k):
    scores = q @ k.T / jnp.sqrt(q.shape[-1])
    print("scores", scores.shape, scores)  # expect: JAX101
    return jax.nn.softmax(scores, axis=-1)


@jax.jit
def attend(q, k, v):
    return attention_scores(q, k) @ v


def run():
    printed = 0
    for scale in (1.0, 2.0, 3.0):
        with contextlib.redirect_stdout(io.StringIO()) as out:
            attend(scale * jnp.ones((2, 4)), jnp.ones((3, 4)), jnp.ones((3, 4)))
        printed += bool(out.getvalue())
    return printed
