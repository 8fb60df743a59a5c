"""`jax.jit(optax.adam(lr).update)` rebuilt at the start of every epoch.

Source: https://github.com/google-deepmind/optax/issues/577
Each `optax.adam(...)` call returns new `init`/`update` closures; jitting the new `update`
compiles again, even when the learning rate is unchanged.

Observed on jax 0.10.x: update_fn compiled 3 times
"""

import jax
import jax.numpy as jnp
import optax


def train(params, grads, epochs=3, lr=1e-3):
    for _ in range(epochs):
        tx = optax.adam(lr)
        opt_state = tx.init(params)
        update = jax.jit(tx.update)
        updates, opt_state = update(grads, opt_state, params)  # expect: JAX401
        params = optax.apply_updates(params, updates)
    return params


def run():
    train({"w": jnp.ones(3)}, {"w": jnp.ones(3)})
