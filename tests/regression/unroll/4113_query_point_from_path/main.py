"""The spatio-temporal DLO planner turns a waypoint path into a smooth trajectory by
vmapping `query_point_from_path(t, waypoints)` over query times.  The jitted helper
loops in Python over `n = len(normalized_distances) - 1` path segments, a count that
comes from the waypoint array's length, so every planned path with many waypoints is
unrolled into one long chain of per-segment sigmoid blends at trace time (and retraced
for every new waypoint count).

Source: https://github.com/YunxiTang/BEATPython/blob/e6d96b6730938afb4712a0e99f9b000838856e06/PythonRobotics/PathPlanning/st_dlo_planning/utils/path_interpolation.py#L35-L73
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp

from path_interpolation import query_point_from_path


def run():
    waypoints = jnp.stack([jnp.linspace(0.0, 1.0, 48), jnp.sin(jnp.linspace(0.0, 3.0, 48))], axis=1)
    vec_smooth_traj_fn = jax.vmap(query_point_from_path, in_axes=[0, None, None])
    sigmas = jnp.linspace(0, 1, 20)
    traj = vec_smooth_traj_fn(sigmas, waypoints, 120)
    jax.block_until_ready(traj)
