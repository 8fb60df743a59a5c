"""OpenSCvx #218: the JAX lowering of the dynamics was moved out of scattered code
into a dedicated initialization step. The problem jits its discretization once in
`initialize()` and every subsequent `solve()` (re-solves with new guesses, same
node count) calls that same compiled function.

Source: https://github.com/OpenSCvx/OpenSCvx/issues/218
Observed on jax 0.10.x: _discretize_impl compiled 1 times
"""
import jax.numpy as jnp

from problem import TrajOptProblem


def double_integrator(x, u):
    return jnp.concatenate([x[2:], u])


def run():
    problem = TrajOptProblem(double_integrator, n_nodes=10, dt=0.1).initialize()
    for k in range(3):
        x_guess = jnp.ones((10, 4)) * k
        u_guess = jnp.zeros((10, 2))
        problem.solve(x_guess, u_guess)
    return None


if __name__ == "__main__":
    run()
