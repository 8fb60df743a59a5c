import jax
import jax.numpy as jnp


def reset(key, env_params):
    obs = jax.random.uniform(key, (4,), minval=-0.05, maxval=0.05)
    return obs, obs


def step(key, state, action, env_params):
    force = jnp.where(action == 1, 1.0, -1.0) * env_params["force"]
    next_state = state + 0.02 * jnp.array([state[1], force, state[3], -force]) + 0.001 * jax.random.normal(key, (4,))
    done = jnp.abs(next_state[2]) > 0.2
    return next_state, next_state, jnp.float32(1.0), done, {}
