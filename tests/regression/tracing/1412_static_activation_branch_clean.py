"""Clean look-alike from a lesson on control flow under jit: the Python `if` branches only on a
configuration string that is marked static (it picks which computation is traced), while the
data-dependent decision is expressed with jax.lax.cond. Looks like `if` inside jit, but nothing
traced is converted to a bool.

Source: https://codesignal.com/learn/courses/jax-fundamentals-numpy-power-up/lessons/control-flow-in-jax-mastering-jaxlax-primitives-1
Observed on jax 0.10.x: runs
"""
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("activation",))
def layer(x, w, activation="relu"):
    h = x @ w
    if activation == "relu":
        h = jax.nn.relu(h)
    else:
        h = jnp.tanh(h)
    return jax.lax.cond(jnp.sum(h) > 0, lambda v: v / jnp.sum(v), lambda v: v, h)


def run():
    key = jax.random.PRNGKey(0)
    x = jax.random.normal(key, (4, 3))
    w = jax.random.normal(jax.random.fold_in(key, 1), (3, 2))
    layer(x, w, activation="relu")
    layer(x, w, activation="tanh")
    return 0
