"""A user modelled a falling body as a class and jit-compiled its `step` method with
`partial(jit, static_argnums=(0,))`. The method updates `self.v` and `self.p` in place.
Under jit those assignments run only while tracing, and they store tracers on the
instance; later calls hit the compilation cache (same `self`), so nothing is updated and
`print(world.p)` after 1000 steps shows a `Traced<ShapedArray(float32[2])>` instead of a
position. The maintainers answered that `step` violates functional purity.

Source: https://github.com/jax-ml/jax/issues/1567
Observed on jax 0.10.x: 1 of 1 calls
"""
from functools import partial

import jax
import jax.numpy as np
from jax import jit


class World:
    def __init__(self, p, v):
        self.p = p
        self.v = v

    @partial(jit, static_argnums=(0,))
    def step(self, dt):
        a = -9.8
        self.v += a * dt  # expect: JAX105
        self.p += self.v * dt


def run():
    world = World(np.array([0.0, 0.0]), np.array([1.0, 1.0]))
    for i in range(1000):
        world.step(0.01)
    # 1 when the stored position is a leaked tracer rather than an array
    return int(isinstance(world.p, jax.core.Tracer))
