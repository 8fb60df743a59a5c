import jax
import jax.numpy as jnp


class TrajOptProblem:
    def __init__(self, dynamics, n_nodes, dt):
        self.dynamics = dynamics
        self.n_nodes = n_nodes
        self.dt = dt
        self._discretize = None

    def _discretize_impl(self, x, u):
        return x + self.dt * jax.vmap(self.dynamics)(x, u)

    def initialize(self):
        # JAX lowering happens once, in a dedicated step, not on every solve
        self._discretize = jax.jit(self._discretize_impl)
        return self

    def solve(self, x_guess, u_guess, iters=3):
        x = x_guess
        for _ in range(iters):
            x = self._discretize(x, u_guess)
        return x
