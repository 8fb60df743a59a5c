"""Sinkhorn point-cloud flow demo: the script wraps `jax.value_and_grad` of a lambda and a
second lambda with `jit` once, before the optimisation loop, and then calls both hundreds of
times while moving the source cloud along the gradient. The point clouds keep their shapes and
dtypes, so each jitted lambda is compiled a single time despite being a lambda.

Source: https://github.com/Emile-Aquila/sinkhorn_jax/blob/507932a094463188236f92d46ab0b38278f05858/main.py#L32
Observed on jax 0.10.x: <lambda> compiled 2 times
"""
import jax
import jax.numpy as jnp
from jax import jit

from sinkhorn import d_euclidean_matrix, sinkhorn_log


def flow(source_points, target_points, epsilon=0.001, n_steps=30):
    f_pc2wd = lambda x, y: (
        sinkhorn_log(
            jnp.ones(x.shape[0]) / x.shape[0],
            jnp.ones(y.shape[0]) / y.shape[0],
            d_euclidean_matrix(x, y),
            epsilon
        )
    )
    vg_pc2wd = jit(jax.value_and_grad(lambda x, y: f_pc2wd(x, y)[0], argnums=0, has_aux=False))
    f_pc2transport = jit(lambda x, y: f_pc2wd(x, y)[1])

    costs, source_points_list, matrixs = [], [], []
    for _ in range(n_steps):  # optimization loop
        cost_tmp, grad = vg_pc2wd(source_points, target_points)
        matrix = f_pc2transport(source_points, target_points)
        source_points = source_points - 0.1 * grad
        costs.append(cost_tmp)
        matrixs.append(matrix)
        source_points_list.append(source_points)
    return costs, source_points_list, matrixs


def run():
    key = jax.random.PRNGKey(0)
    key, subkey1, subkey2 = jax.random.split(key, 3)
    source_points = jax.random.normal(subkey1, (10, 2))
    target_points = jax.random.normal(subkey2, (10, 2)) + jnp.array([1, 1]) * 5
    flow(source_points, target_points)
