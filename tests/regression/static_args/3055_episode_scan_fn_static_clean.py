"""Performance scratch script for a pendulum simulator: the scan body is built once at
module level, `dyn_scan_fn = jit(make_scan_dynamics_fn(pendulum_step, params))`, and
passed as the static argument of `make_episode_with_actions_vect`
(`static_argnums=(2,)`). The closure is hashed by identity, but it is the same object on
every one of the 50 timed calls, so the episode function compiles once.

Source: https://github.com/bcolloran/deep_rl_experiments/blob/775d185e601c5c1a6700f31ed3e5efddccb1c94b/jax/scratch_jax_perf.py#L70
Observed on jax 0.10.x: make_episode_with_actions_vect compiled 1 times
"""
from functools import partial

import jax
import jax.numpy as jnp
from jax import jit

params = {"g": 10.0, "m": 1.0, "l": 1.0, "dt": 0.05}


def pendulum_step(state, action, params):
    th, thdot = state[0], state[1]
    newthdot = thdot + (-3 * params["g"] / (2 * params["l"]) * jnp.sin(th + jnp.pi)
                        + 3.0 / (params["m"] * params["l"] ** 2) * action) * params["dt"]
    newth = th + newthdot * params["dt"]
    return jnp.array([newth, newthdot]), -(th**2 + 0.1 * thdot**2 + 0.001 * action**2)


def make_scan_dynamics_fn(dynamics_fn, params):
    @jit
    def episode_step(state, action):
        state_next, reward = dynamics_fn(state, action, params)
        return state_next, (state, action, reward)

    return episode_step


@partial(jit, static_argnums=(2,))
def make_episode_with_actions_vect(S0, A, scan_dyn_fn):
    _, traj = jax.lax.scan(scan_dyn_fn, S0, A)
    return traj


dyn_scan_fn = jit(make_scan_dynamics_fn(pendulum_step, params))


def run():
    S0 = jnp.array([1.0, 0.0])
    key = jax.random.PRNGKey(0)
    for i in range(50):
        key, subkey = jax.random.split(key)
        A = jax.random.normal(subkey, (100,))
        S, A, R = make_episode_with_actions_vect(S0, A, dyn_scan_fn)
    return R


if __name__ == "__main__":
    run()
