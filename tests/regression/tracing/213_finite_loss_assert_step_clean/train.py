import jax

from model import loss_fn

LR = 0.1


@jax.jit
def train_step(params, batch):
    loss, grads = jax.value_and_grad(loss_fn)(params, batch)
    params = jax.tree_util.tree_map(lambda p, g: p - LR * g, params, grads)
    return params, loss
