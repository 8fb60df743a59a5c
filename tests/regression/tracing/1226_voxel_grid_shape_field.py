"""A module keeps its grid resolution as an array and allocates with it under `jit`.

Source: https://github.com/patrick-kidger/equinox/issues/236
The reporter jitted `jit_function(mymodule: equinox.Module, myarray, myfunction)`
(with `myfunction` static) and got "TypeError: Shapes must be 1D sequences of
concrete values of integer type, got Traced<ShapedArray(int32[3])>".  Patrick
Kidger: this comes from the JAX code, "Probably you're doing something like
`@jax.jit def f(shape): return jax.numpy.zeros(shape)` ... JAX requires that all
array shapes be known statically."  Here the module stores its resolution as
an `int32[3]` array field, which is traced like every other array leaf.

Observed on jax 0.10.2: raises TypeError
"""
import functools
from typing import Callable

import equinox as eqx
import jax
import jax.numpy as jnp


class VoxelGrid(eqx.Module):
    resolution: jax.Array   # int32[3]
    origin: jax.Array       # float32[3]
    spacing: float

    def splat(self, points, weights):
        grid = jnp.zeros(self.resolution)  # expect: JAX204
        idx = jnp.floor((points - self.origin) / self.spacing).astype(jnp.int32)
        idx = jnp.clip(idx, 0, jnp.asarray(grid.shape) - 1)
        return grid.at[idx[:, 0], idx[:, 1], idx[:, 2]].add(weights)


@functools.partial(jax.jit, static_argnames=["myfunction"])
def jit_function(mymodule: VoxelGrid, myarray: jax.Array, myfunction: Callable) -> jax.Array:
    density = mymodule.splat(myarray, jnp.ones(myarray.shape[0]))
    return myfunction(density)


def run():
    grid = VoxelGrid(resolution=jnp.array([8, 8, 8]), origin=jnp.zeros(3), spacing=0.25)
    points = jax.random.uniform(jax.random.PRNGKey(0), (100, 3), maxval=2.0)
    return jit_function(grid, points, myfunction=jnp.max)
