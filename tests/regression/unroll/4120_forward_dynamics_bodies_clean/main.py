"""A JAX port of RBDL computes articulated-body forward dynamics in a jitted
`forward_dynamics_core`.  Its three Python for-loops run over `nb`, the number of rigid
bodies of the robot, which is passed as a static argument (with the static `parent` and
`jtype` tuples) and is small and fixed for a given robot model (2 for the cart-pole, a
handful for an arm).  Unrolling a loop over a few links is the usual way to write
tree-structured recursions in JAX and keeps the per-body indexing static.  Correct
look-alike of a Python loop inside jit.

Source: https://github.com/Tencent-RoboticsX/jbdl/blob/f8e30db25051687d6240db571b5db163d9f41dd1/src/jbdl/rbdl/dynamics/forward_dynamics.py#L9-L61
Observed on jax 0.10.x: forward_dynamics_core compiled 1 times
"""
import jax.numpy as jnp

from rbdl import forward_dynamics_core


def forward_dynamics(model, q, qdot, tau):
    return forward_dynamics_core(model["x_tree"], model["inertia"], tuple(model["parent"]),
                                 tuple(model["jtype"]), model["nb"], q.flatten(), qdot.flatten(),
                                 tau.flatten(), model["a_grav"])


def run():
    nb = 3
    model = {"nb": nb, "parent": (0, 1, 2), "jtype": (0, 0, 0),
             "x_tree": [jnp.eye(6)] * nb, "inertia": [jnp.eye(6)] * nb,
             "a_grav": jnp.array([[0.0], [0.0], [0.0], [0.0], [0.0], [-9.81]])}
    for t in range(3):
        q = jnp.full((nb,), 0.1 * t)
        forward_dynamics(model, q, jnp.zeros(nb), jnp.ones(nb))
