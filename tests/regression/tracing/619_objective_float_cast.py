"""A jitted objective casts its result with `float()` before returning it.

Source: https://github.com/quantumlib/OpenFermion/pull/1396
`compute_objective_batched` in OpenFermion's `thc_jax.py` is decorated with
`@jax.jit` and ended with a `float()` cast (added to satisfy type checking);
under tracing that cast hits a tracer and raises ConcretizationTypeError.
The fix replaced it with `typing.cast`. Rebuilt as a reduced
tensor-hypercontraction fit objective.

Observed on jax 0.10.2: raises ConcretizationTypeError
"""
import jax
import jax.numpy as jnp


@jax.jit
def compute_objective_batched(chis, zetas, eri, penalty_param=0.0):
    approx = jnp.einsum("pi,qi,ij,rj,sj->pqrs", chis, chis, zetas, chis, chis)
    deri = eri - approx
    res = 0.5 * jnp.sum(jnp.abs(deri) ** 2)
    res += penalty_param * jnp.sum(zetas ** 2)
    return float(res)  # expect: JAX202


def run():
    n, m = 3, 4
    return compute_objective_batched(jnp.ones((n, m)), jnp.eye(m), jnp.zeros((n, n, n, n)))
