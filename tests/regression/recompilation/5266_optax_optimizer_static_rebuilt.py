"""optax PR #1693 (fixing issue #353): GradientTransformation objects passed as static
arguments to jax.jit make JAX recompile on every call, because each call to an optimizer
factory such as optax.adam(1e-3) builds new init/update closures, and the NamedTuple's
hash follows their identity. A training script that rebuilds its optimizer for each run
(same hyperparameters) and passes it statically into train_step recompiles each time.

Source: https://github.com/google-deepmind/optax/pull/1693
Observed on jax 0.10.x: train_step compiled 3 times
"""
from functools import partial

import jax
import jax.numpy as jnp
import optax


@partial(jax.jit, static_argnums=(0,))
def train_step(optimizer, params, opt_state, batch):
    grads = jax.grad(lambda p: jnp.mean((batch @ p) ** 2))(params)
    updates, opt_state = optimizer.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state


def train(params, batch):
    optimizer = optax.adam(1e-3)
    opt_state = optimizer.init(params)
    for _ in range(2):
        params, opt_state = train_step(optimizer, params, opt_state, batch)  # expect: JAX405
    return params


def run():
    params = jnp.ones((4,))
    batch = jnp.ones((3, 4))
    for _ in range(3):
        train(params, batch)
    return 0
