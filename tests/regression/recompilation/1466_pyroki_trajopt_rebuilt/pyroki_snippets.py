import jax
import jax.numpy as jnp


def solve_trajopt(robot, start_pos, end_pos, timesteps, dt):
    """Build the trajectory-optimization problem and solve it."""

    def smoothness_cost(traj):
        return jnp.sum((traj[1:] - traj[:-1]) ** 2) / dt

    def endpoint_cost(traj):
        return jnp.sum((traj[0] - start_pos) ** 2) + jnp.sum((traj[-1] - end_pos) ** 2)

    def limit_cost(traj):
        return jnp.sum(jax.nn.relu(jnp.abs(traj) - robot["joint_limit"]) ** 2)

    costs = [smoothness_cost, endpoint_cost, limit_cost]

    def _solve(init_traj):
        total = lambda t: sum(c(t) for c in costs)
        traj = init_traj
        for _ in range(5):
            traj = traj - 0.05 * jax.grad(total)(traj)
        return traj

    init = jnp.linspace(start_pos, end_pos, timesteps)
    return jax.jit(_solve)(init)  # expect: JAX402
