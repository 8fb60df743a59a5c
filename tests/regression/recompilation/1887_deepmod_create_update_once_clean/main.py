"""modax (DeepMoD in JAX) wraps its training step in a factory:
``create_update(loss_fn, loss_fn_args)`` returns
``jit(partial(step, loss_fn=loss_fn, loss_fn_args=loss_fn_args))``, a jitted
closure over the data and the model. The example scripts call the factory once,
``update_fn = create_update(loss_fn_pinn, (model, X, y, 1.0))``, before the
training loop, and the loop calls that same ``update_fn`` thousands of times,
so the partial is compiled once and reused.

Source: https://github.com/GJBoth/modax/blob/c7e1c128d4dd48b776f8ec4fa724c2e4b6e13c82/src/modax/training/utils.py#L15
Observed on jax 0.10.x: step compiled 1 times
"""
import jax
import jax.numpy as jnp

from .losses import Deepmod, loss_fn_pinn
from .utils import create_update, train_max_iter


def run():
    key = jax.random.PRNGKey(42)
    x = jnp.linspace(-3, 4, 50)
    t = jnp.linspace(0.5, 5.0, 20)
    t_grid, x_grid = jnp.meshgrid(t, x, indexing="ij")
    X = jnp.concatenate([t_grid.reshape(-1, 1), x_grid.reshape(-1, 1)], axis=1)
    y = jnp.exp(-x_grid.reshape(-1, 1) ** 2 / t_grid.reshape(-1, 1))
    k1, k2 = jax.random.split(key)
    params = {"w1": jax.random.normal(k1, (2, 16)) * 0.3, "w2": jax.random.normal(k2, (16, 1)) * 0.3}
    optimizer = {"params": params, "lr": jnp.float32(2e-3)}
    state = {}
    model = Deepmod([16, 1])
    update_fn = create_update(loss_fn_pinn, (model, X, y, 1.0))
    train_max_iter(update_fn, optimizer, state, 50)
