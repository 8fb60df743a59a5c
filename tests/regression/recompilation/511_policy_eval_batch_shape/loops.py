import jax.numpy as jnp

from agent import act


def collect(params, env_obs):
    return act(params, env_obs)


def evaluate(params, eval_obs, eval_eps):
    total = 0
    for ep in range(eval_eps):
        obs = eval_obs[ep][None, :]  # single eval env, batch of 1
        total = total + act(params, obs)[0]  # expect: JAX404
    return total
