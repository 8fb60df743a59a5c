"""A deformable-linear-object (DLO, e.g. a cable) planner scores candidate rope shapes
with a jitted elastic energy.  `compute_enery` takes `num_feature = dlo_shape.shape[0]`
and accumulates stretch and bending terms in Python for-loops over the feature points
(five loops, each running ~num_feature times).  Under `jax.jit` every loop is unrolled
at trace time: a rope with a few hundred feature points becomes thousands of norm ops in
one graph and compile time grows with the rope resolution.

Source: https://github.com/YunxiTang/BEATPython/blob/e6d96b6730938afb4712a0e99f9b000838856e06/PythonRobotics/PathPlanning/st_dlo_planning/utils/compute_energy.py#L4-L31
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def compute_enery(dlo_shape, k1, k2, segment_len):
    num_feature = dlo_shape.shape[0]
    U1 = 0.0
    for i in range(num_feature - 1):  # expect: JAX407
        U1 = U1 + k1 / 2. * (jnp.linalg.norm(dlo_shape[i + 1] - dlo_shape[i]) - segment_len) ** 2

    U2 = 0.0
    for j in range(num_feature - 2):
        U2 = U2 + k2 / 2. * (jnp.linalg.norm(dlo_shape[j + 2] - dlo_shape[j]) - 2 * segment_len) ** 2

    U3 = 0.0
    for j in range(num_feature - 3):
        U3 = U3 + k2 / 2. * (jnp.linalg.norm(dlo_shape[j + 3] - dlo_shape[j]) - 3 * segment_len) ** 2

    U4 = 0.0
    for j in range(num_feature - 4):
        U4 = U4 + k2 / 2. * (jnp.linalg.norm(dlo_shape[j + 4] - dlo_shape[j]) - 4 * segment_len) ** 2

    return U1 + U2 + U3 + U4


def run():
    seg_len = 0.05
    x = np.stack([np.zeros(40), seg_len * np.arange(40), np.zeros(40)], axis=1)
    u = compute_enery(x, 1.0, 0.5, seg_len)
    jax.block_until_ready(u)
