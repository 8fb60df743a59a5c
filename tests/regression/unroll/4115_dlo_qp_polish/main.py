"""The DLO planner polishes a raw rope shape by gradient descent on an elastic energy
(`polish_dlo_shape`, up to 500 iterations of `jax.value_and_grad(elastic_enery)`).  The
jitted energy loops in Python over `num_feature = dlo_shape.shape[0]` points in several
stretch/bending loops; both the forward pass and its gradient are unrolled per point,
so the compile cost grows with the rope resolution before the first descent step runs.

Source: https://github.com/YunxiTang/BEATPython/blob/e6d96b6730938afb4712a0e99f9b000838856e06/PythonRobotics/PathPlanning/st_dlo_planning/temporal_config_opt/qp_solver.py#L12-L60
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp

from energy import val_and_grad_fn


def polish_dlo_shape(raw_shape, k1, k2, segment_len, iter: int = 500):
    intermidiate_points = raw_shape[1:-1]
    endpoint1 = raw_shape[0][None]
    endpoint2 = raw_shape[-1][None]
    init_intermediate_points = intermidiate_points
    energy_pre = 10000.
    for i in range(iter):
        energy, grads = val_and_grad_fn(intermidiate_points, init_intermediate_points,
                                        endpoint1, endpoint2, k1, k2, segment_len)
        intermidiate_points = intermidiate_points - 0.005 * grads
        if energy_pre - energy <= 1e-5:
            break
        energy_pre = energy
    return jnp.concatenate([endpoint1, intermidiate_points, endpoint2], axis=0)


def run():
    n = 36
    raw = jnp.stack([0.05 * jnp.arange(n), 0.01 * jnp.sin(jnp.arange(n)), jnp.zeros(n)], axis=1)
    shape = polish_dlo_shape(raw, 1.0, 0.5, 0.05, iter=5)
    jax.block_until_ready(shape)
