import jax
import jax.numpy as jnp

from kinematics import end_effector


class AugmentedLagrangianSolver:
    def __init__(self, fk_data, n_inner=20, lr=0.1):
        self.fk_data = fk_data
        self.n_inner = n_inner
        self.lr = lr

    def _build_functions(self, fk_data, target):
        def cost(q):
            return jnp.sum((end_effector(q, fk_data) - target) ** 2) + 1e-3 * jnp.sum(q ** 2)

        def inner_loop(q):
            g = jax.grad(cost)
            return jax.lax.fori_loop(0, self.n_inner, lambda i, q: q - self.lr * g(q), q)

        return jax.jit(inner_loop)

    def solve(self, q0, target):
        inner_loop = self._build_functions(self.fk_data, target)
        return inner_loop(q0)  # expect: JAX402
