import jax
import jax.numpy as jnp
import numpy as np


def _make_trajectory_cost_fn(model, num_particles: int):
    """Make stochastic cost function used by random optimizer or cem."""

    def cost(actions, key, params, x_init, goal):
        rewards = model.unroll(params, key, x_init, actions, goal, num_particles)
        return -rewards

    return cost


class RandomOptimizerActor:
    """Model-based actor using a random optimizer for planning"""

    def __init__(self, model, action_shape, planning_horizon=10, population_size=64, num_particles=4, seed=0):
        def controller(cost_fn, params, observation, initial_solution, key, goal):
            action_shape_h = (planning_horizon,) + action_shape
            key, sub = jax.random.split(key)
            candidates = jax.random.uniform(sub, (population_size,) + action_shape_h, minval=-1.0, maxval=1.0)
            costs = cost_fn(candidates, key, params, observation, goal)
            return candidates[jnp.argmin(costs)], jnp.min(costs)

        self._controller_fn = jax.jit(controller, static_argnums=0)
        self._cost_fn = _make_trajectory_cost_fn(model, num_particles)
        self._last_actions = np.zeros((planning_horizon,) + action_shape)
        self._rng = jax.random.PRNGKey(seed)

    def select_action(self, params, observation, goal):
        self._rng, key = jax.random.split(self._rng)
        actions, extras = self._controller_fn(self._cost_fn, params, observation, self._last_actions, key, goal)
        self._last_actions = np.asarray(actions)
        return np.array(actions[0])
