import jax.numpy as jnp


def init_params(dim):
    return {"w": jnp.zeros((dim,)), "b": jnp.zeros(())}


def loss_fn(params, batch):
    x, y = batch
    pred = x @ params["w"] + params["b"]
    return jnp.mean((pred - y) ** 2)
