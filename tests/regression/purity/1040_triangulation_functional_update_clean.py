"""Registered dataclass mesh updated functionally with .at[].set.

Source: https://nikolas-claussen.github.io/triangulax/tutorials/01_coding_with_JAX.md
What happened: the triangulax tutorial asks for pure functions without side
effects, in-place updates replaced by `x = x.at[idx].set(y)`, and classes
registered with jax.tree_util.register_dataclass; the jitted update returns a
new mesh instead of mutating the old one.
Observed on jax 0.10.2: runs
"""
import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class HeMesh:
    vertices: jax.Array
    faces: jax.Array


@jax.jit
def move_vertex(mesh, idx, new_pos):
    vertices = mesh.vertices.at[idx].set(new_pos)
    return dataclasses.replace(mesh, vertices=vertices)


def run():
    mesh = HeMesh(vertices=jnp.zeros((4, 2)), faces=jnp.array([[0, 1, 2], [1, 2, 3]]))
    for i in range(3):
        mesh = move_vertex(mesh, i, jnp.array([1.0, float(i)]))
    return mesh.vertices
