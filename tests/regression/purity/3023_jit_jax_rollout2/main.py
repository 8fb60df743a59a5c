"""REINFORCE timing script (torch vs JAX). The JAX rollout `jax_rollout2` samples an
action from the jitted policy and then (while debugging) overwrites it with
`np.random.choice(env.action_space.n)`; it seeds NumPy from the module-level `seed`, steps
the gym env in a `while True` loop and stacks the lists. The author then jitted the whole
rollout, `jit_jax_rollout2 = jax.jit(jax_rollout2)`, and timed it. Under jit the env loop,
the NumPy seeding and the NumPy action draws all run once, at trace time: the compiled
rollout is a constant trajectory, so changing `seed` (or the key) no longer changes the
actions.

Source: https://github.com/gebob19/rl_with_jax/blob/a30df06de3035c460e5339611974664a2130ca6e/reinforce/reinforce_torchVSjax.py#L204
Observed on jax 0.10.x: 2 of 3 calls
"""
import jax
import jax.numpy as jnp
import numpy as np

from env import ToyCartPole

env = ToyCartPole()
seed = 0


def p_frwd(p_params, obs):
    h = jax.nn.relu(obs @ p_params["w1"])
    return jax.nn.softmax(h @ p_params["w2"])


@jax.jit
def jax_policy2(p_params, obs, key):
    a_probs = p_frwd(p_params, obs)
    a = jax.random.categorical(key, jnp.log(a_probs))
    return a


def jax_rollout2(p_params, rng):
    np.random.seed(seed)  # expect: JAX106,JAX108
    env.seed(seed)
    obs = env.reset()

    observ, action, rew = [], [], []
    while True:
        ## --
        rng, key = jax.random.split(rng, 2)
        a = jax_policy2(p_params, obs, key)
        a = a.astype(int)
        ## --

        a = np.random.choice(env.action_space.n)  # expect: JAX106
        obs2, r, done, _ = env.step(a)

        observ.append(obs)
        action.append(a)
        rew.append(r)

        if done: break
        obs = obs2

    obs = jnp.stack(observ)
    a = jnp.stack(action)
    r = jnp.stack(rew)
    return obs, a, r


jit_jax_rollout2 = jax.jit(jax_rollout2)


def run():
    global seed
    k1, k2 = jax.random.split(jax.random.PRNGKey(0))
    p_params = {"w1": jax.random.normal(k1, (4, 32)) * 0.1,
                "w2": jax.random.normal(k2, (32, env.action_space.n)) * 0.1}
    first = None
    same = 0
    for s in range(3):
        seed = s
        _, a, _ = jit_jax_rollout2(p_params, jax.random.PRNGKey(s))
        if first is None:
            first = np.asarray(a)
        else:
            same += int(np.array_equal(first, np.asarray(a)))
    return same  # calls 2 and 3 replay the seed-0 trajectory
