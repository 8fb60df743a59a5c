"""pywaveprop's underwater environment builds the density profile in `rho_jit`, a method
jitted with `static_argnums=(1,)` (the `RegularGrid`, a hashable frozen description of the
depth grid). It walks the seabed layers with a Python `for layer in self.layers` loop inside
the jitted body, but the layers are a short static tuple (water column plus two or three
sediment layers) kept in the pytree's static aux data, and the slice bounds come from the
static grid, so the unrolled loop stays a handful of `.at[].set` ops and compiles once.

Source: https://github.com/mikelytaev/wave-propagation/blob/686bcc9359df5e247415555bdb3fcb5c20ce37b2/pywaveprop/uwa_jax.py#L133
Observed on jax 0.10.x: rho_jit compiled 1 times
"""
import math
from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp
from jax import tree_util


@dataclass(frozen=True)
class RegularGrid:
    start: float
    dx: float
    n: int

    def interval_indexes(self, a, b):
        a_i = max(0, min(self.n, math.ceil((a - self.start) / self.dx)))
        b_i = max(0, min(self.n, math.ceil((b - self.start) / self.dx)))
        return a_i, b_i


@dataclass(frozen=True)
class UnderwaterLayerModel:
    height_m: float
    density: float


class UnderwaterEnvironmentModel:
    def __init__(self, layers):
        self.layers = tuple(layers)

    def _tree_flatten(self):
        return (), {'layers': self.layers}

    @classmethod
    def _tree_unflatten(cls, static, dynamic):
        return cls(**static)

    @partial(jax.jit, static_argnums=(1,))
    def rho_jit(self, z_grid: RegularGrid):
        cur_depth = 0.0
        res = jnp.empty(shape=z_grid.n, dtype=float)
        for layer in self.layers:
            layer_height = layer.height_m if layer != self.layers[-1] else 1E6
            a_i, b_i = z_grid.interval_indexes(cur_depth, cur_depth + layer_height)
            res = res.at[a_i:b_i].set(layer.density)
            cur_depth += layer.height_m
        return res


tree_util.register_pytree_node(UnderwaterEnvironmentModel,
                               UnderwaterEnvironmentModel._tree_flatten,
                               UnderwaterEnvironmentModel._tree_unflatten)


def run():
    env = UnderwaterEnvironmentModel([
        UnderwaterLayerModel(height_m=200.0, density=1.0),
        UnderwaterLayerModel(height_m=50.0, density=1.5),
        UnderwaterLayerModel(height_m=1000.0, density=2.0),
    ])
    grid = RegularGrid(start=0.0, dx=1.0, n=400)
    rho = env.rho_jit(grid)
    rho = env.rho_jit(RegularGrid(start=0.0, dx=1.0, n=400))
    return float(rho[-1])
