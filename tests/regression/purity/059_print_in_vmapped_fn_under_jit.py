"""`print` in a per-example function that is vmapped inside a jitted batch loss.

Source: https://github.com/jax-ml/jax/issues/5206
`vmap` alone traces on every call, but under an outer `jit` the whole batch computation is
staged and cached, so the per-example print runs at the first call only.

Observed on jax 0.10.x: printed in 1 of 3 calls
"""

import contextlib
import io

import jax
import jax.numpy as jnp


def per_example_loss(w, x, y):
    pred = jnp.dot(w, x)
    print("per-example prediction", pred)  # expect: JAX101
    return (pred - y) ** 2


@jax.jit
def batch_loss(w, xs, ys):
    return jax.vmap(per_example_loss, in_axes=(None, 0, 0))(w, xs, ys).mean()


def run():
    printed = 0
    for scale in (1.0, 2.0, 3.0):
        with contextlib.redirect_stdout(io.StringIO()) as out:
            batch_loss(jnp.ones(3), scale * jnp.ones((4, 3)), jnp.ones(4))
        printed += bool(out.getvalue())
    return printed
