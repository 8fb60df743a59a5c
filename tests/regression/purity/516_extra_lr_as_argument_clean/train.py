import jax
import jax.numpy as jnp
import optax

optimizer = optax.sgd(learning_rate=1.0)


def loss_fn(params, batch, labels):
    logits = batch @ params["w"]
    return jnp.mean((logits - labels) ** 2)


@jax.jit
def step(params, opt_state, batch, labels, extra_lr):
    grads = jax.grad(loss_fn)(params, batch, labels)
    updates, opt_state = optimizer.update(grads, opt_state, params)
    updates = jax.tree_util.tree_map(lambda u: u * extra_lr, updates)
    return optax.apply_updates(params, updates), opt_state, updates
