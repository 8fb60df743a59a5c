"""cleanrl PPO (envpool + JAX) review: the jitted `rollout` collected `args.num_steps`
transitions with a Python `for step in range(0, args.num_steps)` loop, each step
sampling an action. JAX unrolls the loop when tracing; a contributor measured ~37 s
of compilation for the original loop and proposed `lax.scan` for rollout,
`compute_gae` and `update_ppo`.

Source: https://github.com/vwxyzjn/cleanrl/pull/217
Observed on jax 0.10.x: runs
"""
import argparse
from functools import partial

import jax
import jax.numpy as jnp


def parse_args(argv=()):
    parser = argparse.ArgumentParser()
    parser.add_argument("--num-envs", type=int, default=8)
    parser.add_argument("--num-steps", type=int, default=48)  # 128 in the report; fewer keep the corpus run short
    return parser.parse_args(list(argv))


def step_env(obs, action):
    next_obs = obs * 0.9 + 0.1 * action
    return next_obs, -jnp.sum(next_obs ** 2, axis=-1)


@partial(jax.jit, static_argnums=(3,))
def rollout(params, obs, key, num_steps):
    obs_buf, act_buf, rew_buf = [], [], []
    for step in range(0, num_steps):  # expect: JAX407
        key, subkey = jax.random.split(key)
        mean = obs @ params
        action = mean + jax.random.normal(subkey, mean.shape)
        obs_buf.append(obs)
        act_buf.append(action)
        obs, reward = step_env(obs, action)
        rew_buf.append(reward)
    return jnp.stack(obs_buf), jnp.stack(act_buf), jnp.stack(rew_buf), key


def run():
    args = parse_args()
    params = jnp.eye(4) * 0.5
    obs = jnp.ones((args.num_envs, 4))
    rollout(params, obs, jax.random.PRNGKey(1), args.num_steps)
    return None


if __name__ == "__main__":
    run()
