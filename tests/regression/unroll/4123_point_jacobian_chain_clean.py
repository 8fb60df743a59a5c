"""The RBDL port computes the Jacobian of a point on body `body_id` in a jitted
`calc_point_jacobian_core`.  It walks the kinematic chain with a Python
`for i in range(body_id)` and then climbs the parent tree with `while jp != -1`; both
bounds come from `body_id` and the `parent` tuple, which are static arguments and are
only a few links long for a robot arm, so the unrolled chain is tiny and the function
compiles once per (robot, body) pair.  Correct look-alike of a Python loop inside jit.

Source: https://github.com/Tencent-RoboticsX/jbdl/blob/f8e30db25051687d6240db571b5db163d9f41dd1/src/jbdl/rbdl/kinematics/calc_point_jacobian.py#L10-L38
Observed on jax 0.10.x: calc_point_jacobian_core compiled 1 times
"""
from functools import partial

import jax
import jax.numpy as jnp


def x_rotz(q):
    c, s = jnp.cos(q), jnp.sin(q)
    e = jnp.array([[c, s, 0.0], [-s, c, 0.0], [0.0, 0.0, 1.0]])
    z = jnp.zeros((3, 3))
    return jnp.block([[e, z], [z, e]])


def x_trans(r):
    rx = jnp.array([[0.0, -r[2, 0], r[1, 0]], [r[2, 0], 0.0, -r[0, 0]], [-r[1, 0], r[0, 0], 0.0]])
    return jnp.block([[jnp.eye(3), jnp.zeros((3, 3))], [-rx, jnp.eye(3)]])


def inverse_motion_space(x):
    e, r = x[0:3, 0:3], x[3:6, 0:3]
    return jnp.block([[e.T, jnp.zeros((3, 3))], [r.T, e.T]])


@partial(jax.jit, static_argnums=(1, 2, 3))
def calc_point_jacobian_core(x_tree, parent, nb, body_id, q, point_pos):
    s, x_up, x0 = [], [], []
    for i in range(body_id):
        xj, si = x_rotz(q[i]), jnp.array([[0.0], [0.0], [1.0], [0.0], [0.0], [0.0]])
        s.append(si)
        x_up.append(xj @ x_tree[i])
        if parent[i] == 0:
            x0.append(x_up[i])
        else:
            x0.append(x_up[i] @ x0[parent[i] - 1])

    x0_point = x_trans(point_pos) @ x0[body_id - 1]
    jp = body_id - 1
    bj = jnp.zeros((6, nb))
    while jp != -1:
        xe = x0_point @ inverse_motion_space(x0[jp])
        bj = bj.at[:, [jp]].set(xe @ s[jp])
        jp = parent[jp] - 1

    e0 = x0_point[0:3, 0:3].T
    return e0 @ jnp.hstack([jnp.zeros((3, 3)), jnp.eye(3)]) @ bj


def run():
    nb = 3
    x_tree = [jnp.eye(6)] * nb
    for t in range(3):
        q = jnp.full((nb,), 0.2 * t)
        calc_point_jacobian_core(x_tree, (0, 1, 2), nb, 3, q, jnp.array([[0.1], [0.0], [0.0]]))
