"""`eqx.filter_jit` of a lambda built inside a function that is called once per epoch.

Source: https://github.com/patrick-kidger/equinox/issues/307
The jitted loss was defined inside `train`, so every call wraps a new function object and
filter_jit compiles it again ("jitting leads to much slower execution").

Observed on jax 0.10.x: <lambda> compiled 3 times
"""

import equinox as eqx
import jax
import jax.numpy as jnp


def train_epoch(model, xs, ys):
    loss_fn = eqx.filter_jit(lambda m, x, y: jnp.mean((jax.vmap(m)(x) - y) ** 2))
    return loss_fn(model, xs, ys)  # expect: JAX402


def run():
    model = eqx.nn.Linear(3, 1, key=jax.random.key(0))
    for _ in range(3):
        train_epoch(model, jnp.ones((4, 3)), jnp.ones((4, 1)))
