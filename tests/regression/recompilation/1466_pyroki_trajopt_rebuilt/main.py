"""pyroki #74: the 07_trajopt example calls `pks.solve_trajopt(robot, ..., timesteps, dt)`.
Planning a second time with exactly the same inputs rebuilds the problem: the cost
functions are fresh closures and the solver is jitted anew inside the snippet, so
JAX compiles again on every call ("Building optimization problem ..." each time),
unlike the online-planning example that builds its solver once.

Source: https://github.com/chungmin99/pyroki/issues/74
Observed on jax 0.10.x: _solve compiled 3 times
"""
import jax.numpy as jnp
import numpy as np

import pyroki_snippets as pks


def run():
    robot = {"joint_limit": 2.5}
    start_pos = jnp.array([0.5, 0.0, 0.3])
    end_pos = jnp.array([0.2, 0.4, 0.3])
    for _ in range(3):
        traj = pks.solve_trajopt(robot, start_pos, end_pos, 25, 0.02)
        traj = np.array(traj)
    return None


if __name__ == "__main__":
    run()
