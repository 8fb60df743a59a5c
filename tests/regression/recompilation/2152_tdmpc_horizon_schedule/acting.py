import jax
import optax

import planning


class TDMPCActor:
    def __init__(self, action_dim, horizon_schedule: optax.Schedule, horizon: int = 5, min_std=0.05):
        def plan_init(key, step: int):
            planning_horizon = int(min(horizon, horizon_schedule(step)))
            previous_trajectory = planning.get_initial_trajectory(action_dim, planning_horizon)
            return (key, previous_trajectory, min_std)

        def plan_step(params, obs, state):
            key, previous_trajectory, _ = state
            key, plan_key = jax.random.split(key)
            mean, std = planning.td_mpc_planner(
                params, obs, previous_trajectory, plan_key, n_sample_trajectories=64, n_iterations=6
            )
            return mean[0], (key, mean, std)

        self._plan_init = plan_init
        self._plan_step = jax.jit(plan_step)

    def select_action(self, params, obs, key, step):
        state = self._plan_init(key, step)
        action, state = self._plan_step(params, obs, state)  # expect: JAX404
        return action
