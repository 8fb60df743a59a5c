"""Optimal-transport benchmark (rapdhg solver utilities): `while_loop(cond_fun, body_fun,
init_val, maxiter, unroll=True)` picks `_while_loop_scan` and wraps it with
`jax.jit(fun, static_argnums=(0, 1, 3))` inside the helper, on every call. The solver defines
its cond/body closures per solve, so each solve passes new static callables to a freshly built
jit and the scan is traced and compiled again on every call.

Source: https://github.com/ucu-computational-ot/ot-algorithm-comparison/blob/f96b388ecf6e0a26ff146589b88a4d740e48a24b/uot/algorithms/rapdhg/loop_utils.py#L94
Observed on jax 0.10.x: _while_loop_scan compiled 3 times
"""
import jax
import jax.numpy as jnp


def _while_loop_scan(cond_fun, body_fun, init_val, maxiter):
    def _iter(val):
        next_val = body_fun(val)
        next_cond = cond_fun(next_val)
        return next_val, next_cond

    def _fun(tup, it):
        val, cond = tup
        return jax.lax.cond(cond, _iter, lambda x: (x, False), val), it

    init = (init_val, cond_fun(init_val))
    return jax.lax.scan(_fun, init, None, length=maxiter)[0][0]


def while_loop(cond_fun, body_fun, init_val, maxiter, unroll=False, jit=True):
    """A while loop with a bounded number of iterations."""
    fun = _while_loop_scan
    if jit:
        fun = jax.jit(fun, static_argnums=(0, 1, 3))
    return fun(cond_fun, body_fun, init_val, maxiter)  # expect: JAX402,JAX405


def solve(C, mu, nu, tol=1e-6, maxiter=50):
    def cond_fun(state):
        _, err = state
        return err > tol

    def body_fun(state):
        u, _ = state
        v = nu / (jnp.exp(-C).T @ u)
        u_new = mu / (jnp.exp(-C) @ v)
        return u_new, jnp.max(jnp.abs(u_new - u))

    u, err = while_loop(cond_fun, body_fun, (jnp.ones_like(mu), jnp.inf), maxiter, unroll=True)
    return u, err


def run():
    C = jnp.abs(jnp.linspace(0, 1, 8)[:, None] - jnp.linspace(0, 1, 8)[None, :])
    mu = nu = jnp.ones(8) / 8
    for _ in range(3):
        solve(C, mu, nu)
