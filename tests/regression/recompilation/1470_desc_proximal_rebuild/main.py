"""DESC #1191 "Excessive recompilation in ProximalProjection": running with
JAX_LOG_COMPILES=1 shows `jac_scaled`, `compute_scaled_error`, `project` and
`recover` traced and compiled again between every outer iteration. The proximal
wrapper rebuilds its inner objective on each update, and `build()` creates and
jits new closures, so the previously compiled executables are never reused.

Source: https://github.com/PlasmaControl/DESC/issues/1191
Observed on jax 0.10.x: jac_scaled compiled 4 times
"""
import jax.numpy as jnp

from objective_funs import ObjectiveFunction, ProximalProjection


def run():
    prox = ProximalProjection(ObjectiveFunction(jnp.full(6, 0.3)))
    x = jnp.zeros(6)
    for _ in range(4):
        J = prox.update(x)
        x = x - 0.1 * J.sum(axis=0)
    return None


if __name__ == "__main__":
    run()
