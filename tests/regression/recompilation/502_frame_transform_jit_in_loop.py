"""Coordinate conversion that builds a new jitted partial for every frame in a loop.

Source: https://github.com/GalacticDynamics/unxt/pull/906
The PR documents "the jax.jit closure-identity recompile trap": "jax.jit caches on the Python
identity of the wrapped function, not argument equality — a wrapper rebuilt inside a loop or
method body recompiles on every call instead of hitting the cache" (~400x slower). Here a
galactocentric transform is wrapped as `jax.jit(partial(...))` inside the loop over frames.

Observed on jax 0.10.2: to_frame compiled 4 times
"""
import functools

import jax
import jax.numpy as jnp


def to_frame(q, sun_pos, z_rot):
    c, s = jnp.cos(z_rot), jnp.sin(z_rot)
    rot = jnp.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])
    return (q - sun_pos) @ rot.T


def convert_catalog(q, frames):
    out = []
    for sun_pos, z_rot in frames:
        transform = jax.jit(functools.partial(to_frame, sun_pos=sun_pos, z_rot=z_rot))
        out.append(transform(q))  # expect: JAX401
    return out


def run():
    q = jnp.ones((100, 3))
    frames = [(jnp.array([8.1, 0.0, 0.02]), 0.1 * i) for i in range(4)]
    return convert_catalog(q, frames)[-1]
