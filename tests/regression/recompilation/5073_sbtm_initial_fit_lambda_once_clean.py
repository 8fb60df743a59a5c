"""Score-based transport modeling, initial-condition fit: the loss is a lambda passed to the
jitted `update` at a static position (static_argnums=(2, 3) covers the optimizer and the loss).
The lambda is built once, before the optimisation loop, and the same object is passed on every
step, so its identity hash is stable and update compiles once for the whole fit.

Source: https://github.com/nmboffi/sbtm/blob/8a2843bbdec1cdbc15f86cb4cca640aae3593976/rollouts.py#L58
Observed on jax 0.10.x: update compiled 1 times
"""
from functools import partial

import jax
import jax.numpy as np
import optax
from jax import value_and_grad, vmap


@partial(jax.jit, static_argnums=(2, 3))
def update(params, opt_state, opt, loss_func, loss_func_args=tuple()):
    loss_value, grads = value_and_grad(loss_func)(params, *loss_func_args)
    updates, opt_state = opt.update(grads, opt_state, params=params)
    return optax.apply_updates(params, updates), opt_state, loss_value, grads


def apply_score(params, x):
    return np.tanh(x @ params["W"]) + params["b"]


def init_loss(params, samples, sig0, mu0):
    grad_log_rho_evals = vmap(lambda s: -(s - mu0) / sig0**2)(samples)
    score_evals = vmap(lambda s: apply_score(params, s))(samples)
    return np.sum((score_evals - grad_log_rho_evals) ** 2) / np.sum(grad_log_rho_evals**2)


def fit_initial_condition(n_max_opt_steps, ltol, params, sig0, mu0, opt, opt_state, samples):
    loss_func = lambda params: init_loss(params, samples, sig0, mu0)
    for curr_step in range(n_max_opt_steps):
        params, opt_state, loss_val, grads = update(params, opt_state, opt, loss_func)
        if loss_val < ltol:
            break
    return params


def run():
    key = jax.random.PRNGKey(0)
    params = {"W": 0.1 * jax.random.normal(key, (2, 2)), "b": np.zeros(2)}
    opt = optax.adam(1e-2)
    samples = jax.random.normal(key, (32, 2))
    params = fit_initial_condition(5, 1e-8, params, 1.0, np.zeros(2), opt, opt.init(params), samples)
    return int(np.all(np.isfinite(params["W"])))
