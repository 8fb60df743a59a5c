import jax
import jax.numpy as jnp


def get_initial_trajectory(action_dims: int, horizon: int):
    return jnp.zeros((horizon, action_dims))


def td_mpc_planner(params, observation, previous_trajectory, key, *, n_sample_trajectories, n_iterations):
    horizon, action_dims = previous_trajectory.shape
    z = jnp.tanh(observation @ params["encoder"])

    def loop_body_fn(_, state):
        mean, std, key = state
        key, action_key = jax.random.split(key)
        noise = jax.random.normal(action_key, (n_sample_trajectories, horizon, action_dims))
        actions = jnp.clip(mean + std * noise, -1.0, 1.0)
        values = jnp.sum(actions * z[: action_dims], axis=(1, 2))
        elite = actions[jnp.argmax(values)]
        return 0.9 * mean + 0.1 * elite, jnp.maximum(0.9 * std, 0.05), key

    mean, std, key = jax.lax.fori_loop(
        0, n_iterations, loop_body_fn, (jnp.roll(previous_trajectory, -1, axis=0), 2 * jnp.ones((horizon, action_dims)), key)
    )
    return mean, std
