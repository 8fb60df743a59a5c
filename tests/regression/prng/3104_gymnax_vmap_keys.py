"""gymnax quick-start from an RL course repo: one batch of `vmap_keys = jax.random.split(rng,
num_envs)` is passed to `vmap_reset` and then again to `vmap_step`. Every environment's step
randomness is drawn from the key that already produced its reset state, so the step noise of each
env is a deterministic function of its initial angle instead of a fresh draw.
(Rebuilt with a small stochastic pendulum in place of gymnax's registry.)

Source: https://github.com/TheUnsolvedDev/ReinforcementLearning/blob/f994aad61d4d512dd7cd333704291b62d8d44301/DeepRL/Jax/jax_gymnax.py#L20
Observed on jax 0.10.x: 8 of 8 calls
"""
import jax
import jax.numpy as jnp


class Pendulum:
    max_speed, dt, g, m, l = 8.0, 0.05, 10.0, 1.0, 1.0

    def default_params(self):
        return {"noise": 0.1}

    def reset(self, key, params):
        high = jnp.array([jnp.pi, 1.0])
        state = jax.random.uniform(key, shape=(2,), minval=-high, maxval=high)
        return jnp.array([jnp.cos(state[0]), jnp.sin(state[0]), state[1]]), state

    def step(self, key, state, action, params):
        high = jnp.array([jnp.pi, 1.0])
        disturbance = jax.random.uniform(key, shape=(2,), minval=-high, maxval=high)
        th, thdot = state
        torque = action + params["noise"] * disturbance[1]
        newthdot = thdot + (3 * self.g / (2 * self.l) * jnp.sin(th) + 3.0 / (self.m * self.l**2) * torque) * self.dt
        newth = th + newthdot * self.dt
        new_state = jnp.array([newth, newthdot])
        obs = jnp.array([jnp.cos(newth), jnp.sin(newth), newthdot])
        return obs, new_state, -(th**2), False, {"disturbance": disturbance}


def run():
    rng = jax.random.PRNGKey(0)
    rng, key_reset, key_act, key_step = jax.random.split(rng, 4)
    env = Pendulum()
    env_params = env.default_params()
    vmap_reset = jax.vmap(env.reset, in_axes=(0, None))
    vmap_step = jax.vmap(env.step, in_axes=(0, 0, 0, None))
    num_envs = 8
    vmap_keys = jax.random.split(rng, num_envs)
    obs, state = vmap_reset(vmap_keys, env_params)
    n_obs, n_state, reward, done, info = vmap_step(vmap_keys, state, jnp.zeros(num_envs), env_params)  # expect: JAX501
    same = jnp.all(info["disturbance"] == state, axis=1)
    return int(same.sum())
