import jax
import jax.numpy as jnp


def loss_fn(params, x, y):
    return jnp.mean((x @ params - y) ** 2)


class Updater:
    """One population member; owns its own jitted update (the bug)."""

    def __init__(self, lr):
        self.lr = lr

        def update(params, x, y):
            return params - self.lr * jax.grad(loss_fn)(params, x, y)

        self.update = jax.jit(update)  # expect: JAX401,JAX402
