from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax


def apply_model(params, inputs, drop_rng, p_drop=0.25):
    h = jnp.tanh(inputs @ params["w1"])
    keep = jax.random.bernoulli(drop_rng, 1.0 - p_drop, h.shape)
    h = jnp.where(keep, h / (1.0 - p_drop), 0.0)
    return h @ params["w2"], keep


@partial(jax.jit, static_argnums=(4,))
def train_step(params, opt_state, drop_rng, batch, tx):
    inputs, labels = batch

    def loss_fn(p):
        logits, keep = apply_model(p, inputs, drop_rng)
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
        return loss, keep

    (loss, keep), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss, keep


def train_epoch(state, rng, tx, trainloader):
    params, opt_state = state
    batch_losses, masks = [], []
    for batch_idx, (inputs, labels) in enumerate(trainloader):
        rng, drop_rng = jax.random.split(rng)
        params, opt_state, loss, keep = train_step(
            params, opt_state, drop_rng, (inputs, labels), tx
        )
        batch_losses.append(loss)
        masks.append(np.asarray(keep))
    return (params, opt_state), np.mean(np.array(batch_losses)), masks
