from functools import partial

import jax
import jax.numpy as jnp

from kinematics import end_effector


def _cost(q, fk_data, target):
    return jnp.sum((end_effector(q, fk_data) - target) ** 2) + 1e-3 * jnp.sum(q ** 2)


@partial(jax.jit, static_argnames=("n_inner",))
def inner_loop(q, fk_data, target, lr, n_inner):
    g = jax.grad(_cost)
    return jax.lax.fori_loop(0, n_inner, lambda i, q: q - lr * g(q, fk_data, target), q)


class AugmentedLagrangianSolver:
    def __init__(self, fk_data, n_inner=20, lr=0.1):
        self.fk_data = fk_data
        self.n_inner = n_inner
        self.lr = lr

    def solve(self, q0, target):
        return inner_loop(q0, self.fk_data, target, self.lr, n_inner=self.n_inner)
