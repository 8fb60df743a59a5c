"""A freshly built optax optimizer passed as a static argument on every `train()` call.

Source: https://github.com/google-deepmind/optax/issues/353
`optax.adam(1e-2)` returns a new object each time and hashes by identity, so a jitted
`train_step` with the optimizer static "prints compiling" once per `train()` call.

Observed on jax 0.10.x: train_step compiled 3 times
"""

from functools import partial

import jax
import jax.numpy as jnp
import optax


@partial(jax.jit, static_argnames=("optimizer",))
def train_step(optimizer, opt_state, params):
    grads = jax.grad(lambda p: jnp.sum(p["foo"] ** 2))(params)
    updates, opt_state = optimizer.update(grads, opt_state)
    return optax.apply_updates(params, updates), opt_state


def train():
    optimizer = optax.adam(1e-2)
    params = {"foo": jnp.zeros((4, 4))}
    opt_state = optimizer.init(params)
    for _ in range(2):
        params, opt_state = train_step(optimizer, opt_state, params)  # expect: JAX405


def run():
    for _ in range(3):
        train()
