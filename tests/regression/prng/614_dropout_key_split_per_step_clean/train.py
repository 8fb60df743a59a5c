import jax
import jax.numpy as jnp

import model


@jax.jit
def train_step(params, batch, dropout_key):
    dropout_train_key = jax.random.fold_in(key=dropout_key, data=batch["step"])

    def loss_fn(p):
        pred, mask = model.apply(p, batch["x"], training=True, rngs={"dropout": dropout_train_key})
        return jnp.mean((pred[:, 0] - batch["y"]) ** 2), mask

    (loss, mask), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
    params = jax.tree_util.tree_map(lambda p, g: p - 0.05 * g, params, grads)
    return params, loss, mask


def train_loop(params, batches, root_key):
    main_key, params_key, dropout_key = jax.random.split(key=root_key, num=3)
    masks = []
    for batch in batches:
        params, loss, mask = train_step(params, batch, dropout_key)
        masks.append(mask)
    return params, masks
