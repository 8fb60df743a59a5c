"""PPO-KL on brax: at the start of each update the script reserves one key per rollout step,
`keys = jax.random.split(next(rng), args.num_steps)`, and consumes keys[step] in `sample_step`
during the rollout. Every `log_frequency` updates it runs an evaluation rollout and splits fresh
`e_keys = jax.random.split(next(rng), args.time_limit)` — but the evaluation loop then passes
`keys[t]`, the rollout keys that were already consumed, so the evaluation actions reuse exactly
the noise of the training rollout (e_keys is never used). run() counts evaluation steps whose
sampled action equals the training action drawn at the same step from the same observation.

Source: https://github.com/DavidSlayback/jax-toolkit/blob/e17cde9baba500eaf2d4d16745ef5afd37b0b0d3/examples/ppo_kl_brax.py#L418
Observed on jax 0.10.x: 3 of 3 calls
"""
import itertools

import jax
import jax.numpy as jnp


def make_rng(seed):
    key = jax.random.PRNGKey(seed)
    while True:
        key, sub = jax.random.split(key)
        yield sub


@jax.jit
def sample_step(o, p_params, key):
    """One step, get scaled action and actual sample"""
    mu = jnp.tanh(o @ p_params)
    a = mu + 0.3 * jax.random.normal(key, mu.shape)
    return jnp.clip(a, -1.0, 1.0), a


def run():
    rng = make_rng(1)
    num_steps, time_limit, num_envs = 4, 3, 2
    params = jnp.ones((3, 2))
    o0 = jnp.zeros((num_envs, 3))
    keys = jax.random.split(next(rng), num_steps)  # Reserve random keys for action sampling
    train_actions = []
    for step in range(0, num_steps):
        scaled_action, action = sample_step(o0, params, keys[step])
        train_actions.append(action)

    o_e = jnp.zeros((num_envs, 3))
    e_keys = jax.random.split(next(rng), time_limit)
    same = 0
    for t in range(time_limit):
        a_e, _ = sample_step(o_e, params, keys[t])  # expect: JAX501
        same += int(jnp.allclose(jnp.clip(train_actions[t], -1.0, 1.0), a_e))
    return same
