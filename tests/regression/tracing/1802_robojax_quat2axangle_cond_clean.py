"""robojax ports transforms3d's quaternion helpers to JAX. The NumPy original returns early with
`if len2 < identity_thresh ** 2: return [1, 0, 0], 0.0` and `if Nq < eps: ...`; the JAX port keeps
those branches but writes them as nested jax.lax.cond calls (and jnp.where for the normalisation),
so quat2axangle can be jitted and vmapped over a batch of quaternions. Clean look-alike: the
data-dependent branches look like Python ifs on traced values but are lax.cond branches.

Source: https://github.com/StoneT2000/robojax/blob/55057a6849d2a5d767c0bdef59c49fda6175b2f2/robojax/vision/transforms3d/quaternions.py#L498
Observed on jax 0.10.x: runs
"""
from functools import partial

import jax
import jax.numpy as jnp

_FLOAT_EPS = jnp.finfo(jnp.float32).eps


@partial(jax.jit, static_argnames=["identity_thresh"])
def quat2axangle(quat, identity_thresh=None):
    Nq = jnp.sum(quat**2)
    identity_thresh = _FLOAT_EPS * 3

    bad_res = jnp.array([1.0, 0, 0]), 0.0

    def normalize(quat):
        quat = jnp.where(Nq != 1, quat / jnp.sqrt(Nq), quat)  # Normalize if not normalized
        xyz = quat[1:]
        len2 = jnp.sum(xyz**2)

        def clip(quat):
            # Make sure w is not slightly above 1 or below -1
            theta = 2 * jnp.arccos(jnp.clip(quat[0], -1, 1))
            return xyz / jnp.sqrt(len2), theta

        # if vec is nearly 0,0,0, return an identity rotation
        return jax.lax.cond(len2 < identity_thresh**2, lambda q: bad_res, clip, quat)

    # Return identity if results unreliable after normalization
    return jax.lax.cond(Nq < _FLOAT_EPS**2, lambda q: bad_res, normalize, quat)


def run():
    quats = jnp.array([[0.0, 1.0, 0.0, 0.0], [1.0, 0.0, 0.0, 0.0], [0.7071, 0.7071, 0.0, 0.0]])
    vecs, thetas = jax.vmap(quat2axangle)(quats)
    single_vec, single_theta = quat2axangle(quats[0])
    return float(thetas.sum() + single_theta)
