import jax.numpy as jnp


def report_loss(loss):
    print(f"loss={loss}")  # expect: JAX101
    return loss


def mse(params, batch):
    inputs, targets = batch
    return jnp.mean((inputs @ params - targets) ** 2)
