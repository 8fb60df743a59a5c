import jax.numpy as jnp


def make_fk_data(n_joints):
    return {
        "link_translations": jnp.tile(jnp.array([0.0, 0.0, 0.1]), (n_joints, 1)),
        "joint_axes": jnp.tile(jnp.array([0.0, 0.0, 1.0]), (n_joints, 1)),
    }


def end_effector(q, fk):
    # planar chain approximation: accumulate link offsets rotated by joint angles
    ang = jnp.cumsum(q)
    r = jnp.linalg.norm(fk["link_translations"], axis=-1)
    return jnp.stack([jnp.sum(r * jnp.cos(ang)), jnp.sum(r * jnp.sin(ang))])
