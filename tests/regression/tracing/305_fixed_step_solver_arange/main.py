"""Fixed-step ODE solver builds its step grid with jnp.arange(steps) of a computed array.

Source: https://github.com/jax-ml/jax/issues/5017
The reporter's `jaxfixedsolve` computes `steps = jnp.array(delta_t // max_dt).astype(int)`
and scans over `jnp.arange(steps)`; it works eagerly but fails under jit with
ConcretizationTypeError because `steps` is a traced array.  Here the solver is in
solver.py and a jitted simulation function calls it.

Observed on jax 0.10.2: raises ConcretizationTypeError
"""
import jax
import jax.numpy as jnp

from solver import fixed_step_solve


@jax.jit
def simulate(coeff):
    def rhs(t, y):
        return coeff * y

    return fixed_step_solve(rhs, t_span=[0.0, 0.5], y0=jnp.array(1.0), max_dt=0.1)


def run():
    return simulate(jnp.array(-0.3))
