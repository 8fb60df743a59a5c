from functools import partial

import jax
import jax.numpy as jnp

from mlflow_logging import log_loss


def loss_fn(params, x, y):
    return jnp.mean((x @ params - y) ** 2)


@partial(jax.jit, static_argnames=("mlflow_run_id",))
def train_step(params, x, y, lr=0.1, mlflow_run_id=None):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    log_loss(loss, jnp.linalg.norm(grads), mlflow_run_id=mlflow_run_id)
    return params - lr * grads, loss
