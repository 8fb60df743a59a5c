"""Trajectory utilities of a pendulum RL experiment: `make_random_episode` builds a
`random_policy` lambda and a fresh `@jit` scan body via
`make_scan_policy_dynamics_noise_step_fn(...)` on every call, and passes that closure as
the static argument `episode_step_fn` of `make_agent_episode_noisy`
(`static_argnums=(0, 3)`). Functions are hashed by identity, so each random episode used
to fill the replay buffer retraces and recompiles the whole `lax.scan`.

Source: https://github.com/bcolloran/deep_rl_experiments/blob/2dc3dd55e50077483900486a408443167a44f4c9/jax/jax_trajectory_utils.py#L110
Observed on jax 0.10.x: make_agent_episode_noisy compiled 4 times
"""
import jax
import jax.numpy as jnp

from jax_trajectory_utils import make_random_episode


def pendulum_dynamics(state, action, dt=0.05):
    th, thdot = state[0], state[1]
    thdot = thdot + (-15.0 * jnp.sin(th + jnp.pi) + 3.0 * action) * dt
    return jnp.array([th + thdot * dt, thdot]), -(th**2 + 0.1 * thdot**2)


def spring_noise(noise_state):
    x, v, key = noise_state
    key, subkey = jax.random.split(key)
    v = v - 0.05 * x - 0.01 * v + 0.5 * jax.random.normal(subkey)
    return (x + v, v, key), x + v


def run():
    key = jax.random.PRNGKey(0)
    for _ in range(4):  # fill the replay buffer with random episodes
        key, subkey = jax.random.split(key)
        traj = make_random_episode(100, pendulum_dynamics, spring_noise,
                                   jnp.array([1.0, 0.0]), (0.0, 0.0, subkey))
    return traj


if __name__ == "__main__":
    run()
