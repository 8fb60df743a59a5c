"""Training helpers (after src/modax/training/utils.py in GJBoth/modax)."""
from functools import partial

from jax import jit, value_and_grad


def create_update(loss_fn, loss_fn_args):
    def step(opt, state, loss_fn, loss_fn_args):
        grad_fn = value_and_grad(loss_fn, argnums=0, has_aux=True)
        (loss, (updated_state, metrics, output)), grad = grad_fn(opt["params"], state, *loss_fn_args)
        opt = {"params": {k: v - opt["lr"] * grad[k] for k, v in opt["params"].items()}, "lr": opt["lr"]}
        return (opt, updated_state), metrics, output

    return jit(partial(step, loss_fn=loss_fn, loss_fn_args=loss_fn_args))


def train_max_iter(update_fn, optimizer, state, max_iter):
    for iteration in range(max_iter):
        (optimizer, state), metrics, output = update_fn(optimizer, state=state)
    return optimizer, state
