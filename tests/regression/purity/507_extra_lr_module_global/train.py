import jax
import jax.numpy as jnp
import optax

import config

optimizer = optax.sgd(learning_rate=1.0)


def loss_fn(params, batch, labels):
    logits = batch @ params["w"]
    return jnp.mean((logits - labels) ** 2)


@jax.jit
def step(params, opt_state, batch, labels):
    grads = jax.grad(loss_fn)(params, batch, labels)
    updates, opt_state = optimizer.update(grads, opt_state, params)
    updates = jax.tree_util.tree_map(lambda u: u * config.extra_learning_rate, updates)  # expect: JAX108
    return optax.apply_updates(params, updates), opt_state, updates
