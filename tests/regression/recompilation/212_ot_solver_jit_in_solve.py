"""An optimal-transport solver that wraps its iteration in jax.jit inside solve().

Source: https://github.com/theislab/moscot/pull/45
"Feature/jit while loop": jitting the Sinkhorn/FGW loop "takes a lot of time"
and did not pay off because, as the author notes, "jax doesn't persist the jitted
function ... we always need to access the same handle (function object in
Python) to not recompile". Here the problem class re-creates the jitted solver (a
fresh functools.partial binding the iteration count) each time `solve()` is
called, once per cell-pair batch.

Observed on jax 0.10.2: sinkhorn compiled 3 times
"""
from functools import partial

import jax
import jax.numpy as jnp


def sinkhorn(cost, a, b, eps, n_iters):
    K = jnp.exp(-cost / eps)

    def body(_, uv):
        u, v = uv
        u = a / (K @ v)
        v = b / (K.T @ u)
        return u, v

    u, v = jax.lax.fori_loop(0, n_iters, body, (jnp.ones_like(a), jnp.ones_like(b)))
    return u[:, None] * K * v[None, :]


class TemporalProblem:
    def __init__(self, eps=0.1, n_iters=50):
        self.eps = eps
        self.n_iters = n_iters

    def solve(self, x, y):
        cost = jnp.sum((x[:, None] - y[None, :]) ** 2, -1)
        a = jnp.full(x.shape[0], 1.0 / x.shape[0])
        b = jnp.full(y.shape[0], 1.0 / y.shape[0])
        solver = jax.jit(partial(sinkhorn, n_iters=self.n_iters))
        return solver(cost, a, b, self.eps)  # expect: JAX402


def run():
    prob = TemporalProblem()
    plan = None
    for t in range(3):
        x = jnp.linspace(0, 1, 10)[:, None] + t
        y = jnp.linspace(0, 1, 10)[:, None] + t + 0.1
        plan = prob.solve(x, y)
    return plan
