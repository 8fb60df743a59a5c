"""Custom pytree passed through static_argnums is hashed by identity, so a
mutated field is never seen by the compiled function.

Source: https://github.com/jax-ml/jax/issues/9024
The report registers a plain class ``MyClass`` as a pytree (data field ->
child), then passes the instance with ``jit(get_data, static_argnums=0)``.
Because the class defines no ``__hash__``/``__eq__``, jit hashes it by object
identity; after ``m.data += 1`` the jitted call still returns the old
``[0 1 2 3]`` (no cache miss).  Here the same thing happens to a small
finite-difference "mesh" object that a solver keeps as an attribute and
refines in place between solves.

Observed on jax 0.10.2: 2 of 3 calls
"""
from functools import partial

import jax
import jax.numpy as jnp
from jax.tree_util import register_pytree_node


class Mesh:
    """Node coordinates of a 1-D mesh; mutated in place by `refine`."""

    def __init__(self, nodes):
        self.nodes = nodes

    def refine_shift(self, dx):
        self.nodes = self.nodes + dx


register_pytree_node(
    Mesh,
    lambda m: ((m.nodes,), None),
    lambda _, children: Mesh(*children),
)


@partial(jax.jit, static_argnums=0)
def integrate_on(mesh, values):
    # trapezoid rule on the mesh nodes
    dx = jnp.diff(mesh.nodes)
    return jnp.sum(0.5 * dx * (values[1:] + values[:-1]))


class Solver:
    def __init__(self, mesh):
        self.mesh = mesh

    def total(self, values):
        return integrate_on(self.mesh, values)  # expect: JAX405,JAX302


def run():
    solver = Solver(Mesh(jnp.linspace(0.0, 1.0, 5)))
    values = jnp.ones(5)
    first = solver.total(values)
    stale = 0
    for scale in (2.0, 3.0):
        solver.mesh.refine_shift(solver.mesh.nodes * (scale - 1.0))
        out = solver.total(values)
        if bool(out == first):  # mesh grew, integral should have changed
            stale += 1
    return stale
