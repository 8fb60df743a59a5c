"""DESC objectives jit their `compute` method with `self` static, so updating attributes such
as `target` or `weight` after the first call was not reflected in the compiled code. PR #310
added an explicit `jit()` method that (re-)jits `compute` whenever such attributes change, and
`_set_derivatives` uses it. After `objective.target = ...; objective.jit()` the new value is
used.

Source: https://github.com/PlasmaControl/DESC/pull/310
Observed on jax 0.10.x: 0 of 2 calls
"""
import jax
import jax.numpy as jnp


class AspectRatio:
    def __init__(self, target=5.0, weight=1.0):
        self.target = target
        self.weight = weight
        self.jit()

    def jit(self):
        if "compute" in self.__dict__:
            del self.compute
        self.compute = jax.jit(self._compute_raw)

    def _compute_raw(self, R_lmn):
        aspect = jnp.sum(jnp.abs(R_lmn)) / (jnp.abs(R_lmn[0]) + 1.0)
        return self.weight * (aspect - self.target)


def run():
    obj = AspectRatio(target=5.0)
    R = jnp.array([1.0, 0.2, 0.1])
    stale = 0
    for new_target in (3.0, 8.0):
        obj.target = new_target
        obj.jit()
        expected = obj._compute_raw(R)
        stale += bool(jnp.abs(obj.compute(R) - expected) > 1e-6)
    return stale
