"""magi's PETS actors jit their planning controller with the cost function as static
argument 0 (`controller = jax.jit(controller, static_argnums=0)`) and pass
`self._cost_fn`, built once in `__init__` by `_make_trajectory_cost_fn(model,
num_particles)`, on every `select_action`. The closure is hashed by identity, but since it
is the same object on every call the controller compiles once for the whole episode.

Source: https://github.com/ethanluoyc/magi/blob/48c713662b4ed2830d31b885843f7ee408ce33c4/magi/agents/pets/acting.py#L218
Observed on jax 0.10.x: controller compiled 1 times
"""
import jax
import jax.numpy as jnp

from acting import RandomOptimizerActor


class EnsembleModel:
    def unroll(self, params, key, x_init, actions, goal, num_particles):
        def step(x, a):
            x = x + jnp.tanh(a @ params)
            return x, -jnp.sum((x - goal) ** 2, axis=-1)

        x0 = jnp.broadcast_to(x_init, (actions.shape[0], x_init.shape[0]))
        _, rewards = jax.lax.scan(step, x0, jnp.swapaxes(actions, 0, 1))
        return jnp.sum(rewards, axis=0)


def run():
    actor = RandomOptimizerActor(EnsembleModel(), action_shape=(2,), planning_horizon=5)
    params = jnp.ones((2, 3)) * 0.1
    obs = jnp.zeros(3)
    for t in range(6):
        action = actor.select_action(params, obs + t, jnp.ones(3))
