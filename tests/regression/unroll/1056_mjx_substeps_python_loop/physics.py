import jax.numpy as jnp

DT = 0.002


def physics_step(qpos, qvel, ctrl):
    qacc = ctrl - 0.1 * qvel - 9.81 * jnp.sin(qpos)
    qvel = qvel + DT * qacc
    return qpos + DT * qvel, qvel
