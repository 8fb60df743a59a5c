import jax
import jax.numpy as jnp

from loop import while_loop


class GradientDescent:
    def __init__(self, fun, maxiter=300, tol=1e-4, stepsize=0.1, unroll=True):
        self.fun, self.maxiter, self.tol = fun, maxiter, tol
        self.stepsize, self.unroll = stepsize, unroll

    def run(self, params):
        grad = jax.grad(self.fun)

        def cond(state):
            return jnp.linalg.norm(grad(state)) > self.tol

        def body(state):
            return state - self.stepsize * grad(state)

        return while_loop(cond, body, params, self.maxiter, unroll=self.unroll)
