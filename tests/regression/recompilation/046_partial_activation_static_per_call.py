"""A `functools.partial` activation built per call and passed as a static argument.

Source: https://github.com/jax-ml/jax/issues/5609
Static function arguments are cached by identity: `partial(jax.nn.leaky_relu, ...)` makes a new
object at every call, so the jitted layer compiles at every call.

Observed on jax 0.10.x: dense compiled 3 times
"""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("activation",))
def dense(w, x, activation):
    return activation(x @ w)


def mlp(w, x):
    return dense(w, x, activation=partial(jax.nn.leaky_relu, negative_slope=0.1))  # expect: JAX405


def run():
    for _ in range(3):
        mlp(jnp.ones((3, 3)), jnp.ones(3))
