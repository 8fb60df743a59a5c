"""A path-planning utility smooths a piecewise-linear robot path: `smooth_trajectory` is
decorated with `@jax.jit` and then vmapped over 100 normalized times.  Inside, the
number of segments `n = len(normalized_distances) - 1` is read from the waypoint array,
and a Python `for i in range(n)` blends the segments one by one.  The loop is unrolled
during tracing, so a dense path (hundreds of waypoints) produces a huge graph and a slow
compile; a `lax.fori_loop`/vectorized blend would keep the graph constant-size.

Source: https://github.com/YunxiTang/BEATPython/blob/e6d96b6730938afb4712a0e99f9b000838856e06/PythonRobotics/PathPlanning/utils/path_smooth.py#L20-L56
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp


def weight_function(t, t_i, t_next, k):
    return jax.nn.sigmoid(k * (t - t_i)) * jax.nn.sigmoid(k * (t_next - t))


@jax.jit
def smooth_trajectory(t, waypoints, k=30):
    distances = jnp.linalg.norm(jnp.diff(waypoints, axis=0), axis=1, ord=2)
    cumulative_distances = jnp.concatenate([jnp.array([0.0]), jnp.cumsum(distances)])
    total_length = cumulative_distances[-1]
    normalized_distances = cumulative_distances / total_length

    n = len(normalized_distances) - 1

    point_smooth = jnp.zeros(shape=(waypoints.shape[1],))
    weight_sum = 0.0

    for i in range(n):  # expect: JAX407
        t_i, t_next = normalized_distances[i], normalized_distances[i + 1]
        point_i = waypoints[i] + (waypoints[i + 1] - waypoints[i]) * (t - t_i) / (t_next - t_i)
        w_i = weight_function(t, t_i, t_next, k)
        point_smooth += w_i * point_i
        weight_sum += w_i

    point_smooth /= weight_sum
    return point_smooth


vec_smooth_traj_fn = jax.vmap(smooth_trajectory, in_axes=[0, None, None])


def run():
    waypoints = jnp.stack([jnp.linspace(0.0, 2.0, 40), jnp.cos(jnp.linspace(0.0, 2.0, 40))], axis=1)
    sigmas = jnp.linspace(0, 1, 100)
    traj = vec_smooth_traj_fn(sigmas, waypoints, 30)
    jax.block_until_ready(traj)
