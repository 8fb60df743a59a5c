"""Multi-robot trajectory QP: the solution vector is sliced with a bound that
depends on the number of robots, which is passed as a regular (traced) jit
argument.

Source: https://github.com/jax-ml/jax/issues/4531
"Regarding Jax static argnum and jit": ``compute_x(num, n_con, n_rob, P, ...)``
did ``primal_sol_x = sol_x[0:n_rob*nvar]`` and ``cx.reshape(n_rob, nvar)``;
jitting it gave the "index dynamic array" error until ``n_rob`` was made
static.

Observed on jax 0.10.2: raises IndexError
"""
import jax
import jax.numpy as jnp


def compute_x(n_rob, P, cost_mat_inv_x, lincost_mat):
    nvar = jnp.shape(P)[1]
    sol_x = jnp.dot(cost_mat_inv_x, lincost_mat[0])
    primal_sol_x = sol_x[0:n_rob * nvar]  # expect: JAX205
    cx = primal_sol_x.reshape(n_rob, nvar)  # expect: JAX204
    return jnp.dot(P, cx.T).T


def run():
    n_rob, nvar, nt = 2, 3, 5
    P = jnp.ones((nt, nvar))
    cost = jnp.eye(n_rob * nvar + 2)
    lincost = jnp.ones((3, n_rob * nvar + 2))
    return jax.jit(compute_x)(n_rob, P, cost, lincost)
