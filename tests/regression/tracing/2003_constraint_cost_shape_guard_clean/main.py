"""Robust physics-constrained NN training: the rolled-out loss is scanned over the horizon and
jitted. Constraint penalties are written as `0.0 if eqCterms.shape[0] <= 0 else ...`, a Python
conditional on a static shape (the model returns an empty array when a system has no
constraints), and the gradient-regularisation term is switched on a traced flag with
`jax.lax.cond`, not with a Python `if`. Both branches are decided without concretising a
tracer, so the loss compiles once and is differentiable.

Source: https://github.com/santiago-a-serrano/robust_physics_constrained_nn/blob/c4795236aaef2f85af199c6d2a5f51ef5a3db2af/physics_constrained_nn/phyconstrainednets.py#L314
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp

from model import pred_xnext

pen_eq_k, pen_ineq_sq_k, max_noise_norm = 0.5, 0.5, 0.1


def L(params, xnext, x, u):
    def rollout(carry, extra):
        curr_x, params = carry
        curr_u, true_nextx = extra
        next_x, eqCterms, ineqCterms = pred_xnext(params, curr_x, curr_u)
        cTerm_eq = 0.0 if eqCterms.shape[0] <= 0 else jnp.sum(jnp.square(eqCterms)) / eqCterms.size
        cTerm_ineq = 0.0 if ineqCterms.shape[0] <= 0 else (
            jnp.sum(jnp.where(ineqCterms > 0, 1.0, 0.0) * jnp.square(ineqCterms)) / ineqCterms.size)
        meanSquredDiff = jnp.sum(jnp.square(next_x - true_nextx)) / x.shape[0]
        totalLoss = meanSquredDiff + pen_eq_k * cTerm_eq + pen_ineq_sq_k * cTerm_ineq
        return (next_x, params), jnp.array([totalLoss, meanSquredDiff, cTerm_eq, cTerm_ineq])

    _, m_res = jax.lax.scan(rollout, (x, params), (u, xnext))
    return jnp.sum(m_res[:, 0]) / m_res.shape[0]


@jax.jit
def loss_fun(params, xnext, x, u, grad_reg):
    loss_of_x = L(params, xnext, x, u)
    grad_loss_wrt_inputs = jax.grad(lambda x_: L(params, xnext, x_, u))(x)
    mean_grad_loss_wrt_inputs = jnp.mean(grad_loss_wrt_inputs, axis=0)
    grad_reg_term = jax.lax.cond(grad_reg,
                                 lambda _: max_noise_norm * jnp.linalg.norm(mean_grad_loss_wrt_inputs),
                                 lambda _: 0.0,
                                 None)
    return loss_of_x + grad_reg_term


def run():
    key = jax.random.PRNGKey(0)
    params = {"W": 0.1 * jnp.ones((2, 2)), "B": 0.1 * jnp.ones((1, 2))}
    x = jax.random.normal(key, (4, 2))
    u = jnp.ones((3, 4, 1))
    xnext = jnp.zeros((3, 4, 2))
    losses = [loss_fun(params, xnext, x, u, jnp.array(flag)) for flag in (True, False, True)]
    return float(losses[0])
