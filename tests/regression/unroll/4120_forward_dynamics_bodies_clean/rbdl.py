from functools import partial

import jax
import jax.numpy as jnp


def x_rotz(q):
    c, s = jnp.cos(q), jnp.sin(q)
    e = jnp.array([[c, s, 0.0], [-s, c, 0.0], [0.0, 0.0, 1.0]])
    z = jnp.zeros((3, 3))
    return jnp.block([[e, z], [z, e]])


def joint_model(jtype, q):
    # revolute about z for every body in this rebuilt chain
    return x_rotz(q), jnp.array([[0.0], [0.0], [1.0], [0.0], [0.0], [0.0]])


def cross_motion_space(v):
    w, u = v[:3, 0], v[3:, 0]
    wx = jnp.array([[0.0, -w[2], w[1]], [w[2], 0.0, -w[0]], [-w[1], w[0], 0.0]])
    ux = jnp.array([[0.0, -u[2], u[1]], [u[2], 0.0, -u[0]], [-u[1], u[0], 0.0]])
    return jnp.block([[wx, jnp.zeros((3, 3))], [ux, wx]])


def cross_force_space(v):
    return -cross_motion_space(v).T


@partial(jax.jit, static_argnums=(2, 3, 4))
def forward_dynamics_core(x_tree, inertia, parent, jtype, nb, q, qdot, tau, a_grav):
    s, x_up, v, c, p_aa = [], [], [], [], []
    inertia_aa = list(inertia)
    for i in range(nb):
        xj, si = joint_model(jtype[i], q[i])
        s.append(si)
        vj = si * qdot[i]
        x_up.append(xj @ x_tree[i])
        if parent[i] == 0:
            v.append(vj)
            c.append(jnp.zeros((6, 1)))
        else:
            v.append(x_up[i] @ v[parent[i] - 1] + vj)
            c.append(cross_motion_space(v[i]) @ vj)
        p_aa.append(cross_force_space(v[i]) @ (inertia_aa[i] @ v[i]))

    uu, d, u = [None] * nb, [None] * nb, [None] * nb
    for i in range(nb - 1, -1, -1):
        uu[i] = inertia_aa[i] @ s[i]
        d[i] = jnp.squeeze(s[i].T @ uu[i])
        u[i] = tau[i] - jnp.squeeze(s[i].T @ p_aa[i])
        if parent[i] != 0:
            ia = inertia_aa[i] - (uu[i] / d[i]) @ uu[i].T
            pa = p_aa[i] + ia @ c[i] + uu[i] * u[i] / d[i]
            inertia_aa[parent[i] - 1] = inertia_aa[parent[i] - 1] + x_up[i].T @ ia @ x_up[i]
            p_aa[parent[i] - 1] = p_aa[parent[i] - 1] + x_up[i].T @ pa

    a, qddot = [], []
    for i in range(nb):
        if parent[i] == 0:
            a.append(x_up[i] @ -a_grav + c[i])
        else:
            a.append(x_up[i] @ a[parent[i] - 1] + c[i])
        qddot.append((u[i] - jnp.squeeze(uu[i].T @ a[i])) / d[i])
        a[i] = a[i] + s[i] * qddot[i]
    return jnp.reshape(jnp.stack(qddot), (nb,))
