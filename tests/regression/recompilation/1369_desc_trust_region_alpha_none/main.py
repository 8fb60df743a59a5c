"""In DESC's trust-region subproblem solvers the jitted solve is first called with `alpha=None`
and afterwards with a float alpha. None, a Python int and a Python float are all different input
types to jit, so the same solver is compiled once per kind of default; the maintainers propose
setting defaults as their final type (a float) to avoid the extra compilations.

Source: https://github.com/PlasmaControl/DESC/issues/1781
Observed on jax 0.10.x: trust_region_step_exact compiled 2 times
"""
import jax.numpy as jnp

from tr_subproblems import trust_region_step_exact


def run():
    g = jnp.array([1.0, -2.0, 0.5])
    H = jnp.eye(3) * 2.0
    alpha = None
    for it in range(3):
        p = trust_region_step_exact(g, H, 1.0, alpha)  # expect: JAX406
        alpha = 0.1 * (it + 1)
    return None


if __name__ == "__main__":
    run()
