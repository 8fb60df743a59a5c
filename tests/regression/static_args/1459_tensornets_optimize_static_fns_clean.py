"""TensorNets (APP/src/optim.py): `optimize(fn_loss, opt, opt_state, params, max_grad_norm, *args)`
is jitted with `static_argnums=(0, 1, 4)`: the loss function and the optimizer update
function are module-level functions created once, and `max_grad_norm` is a float from
the agent config. All three static values are hashable and identical on every update,
so the update compiles once for the whole training loop.

Source: https://github.com/Mo379/TensorNets/blob/main/APP/src/optim.py
Observed on jax 0.10.x: optimize compiled 1 times
"""
from functools import partial

import jax
import jax.numpy as jnp


def clip_gradient_norm(grad, max_grad_norm):
    norm = jnp.sqrt(sum(jnp.sum(g ** 2) for g in jax.tree_util.tree_leaves(grad)))
    scale = jnp.minimum(1.0, max_grad_norm / (norm + 1e-6))
    return jax.tree_util.tree_map(lambda g: g * scale, grad)


@partial(jax.jit, static_argnums=(0, 1, 4))
def optimize(fn_loss, opt, opt_state, params_to_update, max_grad_norm, *args):
    (loss, aux), grad = jax.value_and_grad(fn_loss, has_aux=True)(params_to_update, *args)
    if max_grad_norm is not None:
        grad = clip_gradient_norm(grad, max_grad_norm)
    update, opt_state = opt(grad, opt_state)
    params_to_update = jax.tree_util.tree_map(lambda p, u: p + u, params_to_update, update)
    return opt_state, params_to_update, loss, aux


def sgd_update(grad, opt_state):
    return jax.tree_util.tree_map(lambda g: -3e-4 * g, grad), opt_state


def loss_critic(params, obs, target):
    q = obs @ params["w"]
    return jnp.mean((q - target) ** 2), q


def run():
    params = {"w": jnp.zeros((4, 1))}
    opt_state = ()
    for step in range(3):
        obs = jnp.ones((8, 4)) * step
        opt_state, params, loss, _ = optimize(loss_critic, sgd_update, opt_state, params, 10.0,
                                              obs, jnp.ones((8, 1)))
    return None


if __name__ == "__main__":
    run()
