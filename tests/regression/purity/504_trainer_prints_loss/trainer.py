import jax
import jax.numpy as jnp


def mse(params, x, y):
    pred = x @ params["w"] + params["b"]
    return jnp.mean((pred - y) ** 2)


class Trainer:
    def __init__(self, lr=0.05):
        self.lr = lr
        self.train_step = jax.jit(self._train_step)

    def _train_step(self, params, x, y):
        loss, grads = jax.value_and_grad(mse)(params, x, y)
        print(f"train loss: {loss}")  # expect: JAX101
        params = jax.tree_util.tree_map(lambda p, g: p - self.lr * g, params, grads)
        return params, loss
