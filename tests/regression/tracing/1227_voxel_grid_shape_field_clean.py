"""A module keeps its grid resolution as a static tuple field (the fix).

Source: https://github.com/patrick-kidger/equinox/issues/236
Look-alike of the reporter's module with the shape made static, as the answer
requires ("JAX requires that all array shapes be known statically"): the
resolution is a tuple of Python ints declared `eqx.field(static=True)`, so the
jitted allocation sees concrete sizes.

Observed on jax 0.10.2: runs
"""
import functools
from typing import Callable

import equinox as eqx
import jax
import jax.numpy as jnp


class VoxelGrid(eqx.Module):
    resolution: tuple[int, int, int] = eqx.field(static=True)
    origin: jax.Array = None
    spacing: float = 0.25

    def splat(self, points, weights):
        grid = jnp.zeros(self.resolution)
        idx = jnp.floor((points - self.origin) / self.spacing).astype(jnp.int32)
        idx = jnp.clip(idx, 0, jnp.asarray(grid.shape) - 1)
        return grid.at[idx[:, 0], idx[:, 1], idx[:, 2]].add(weights)


@functools.partial(jax.jit, static_argnames=["myfunction"])
def jit_function(mymodule: VoxelGrid, myarray: jax.Array, myfunction: Callable) -> jax.Array:
    density = mymodule.splat(myarray, jnp.ones(myarray.shape[0]))
    return myfunction(density)


def run():
    grid = VoxelGrid(resolution=(8, 8, 8), origin=jnp.zeros(3), spacing=0.25)
    points = jax.random.uniform(jax.random.PRNGKey(0), (100, 3), maxval=2.0)
    return jit_function(grid, points, myfunction=jnp.max)
