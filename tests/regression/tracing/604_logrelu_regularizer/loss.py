import jax.numpy as jnp


def loss(params, batch, reg, alpha=0.1):
    pred = batch @ params
    return jnp.mean(pred ** 2) + alpha * reg(params)
