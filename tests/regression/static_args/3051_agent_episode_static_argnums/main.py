"""Trajectory utilities of a pendulum RL experiment: `make_agent_episode(T, s0,
episode_step_fn)` rolls a policy/dynamics step function forward with `lax.scan`. The
decorator says `static_argnums=(0, 3)`, meant to make `T` and the step function static,
but the step function is the third parameter (index 2); index 3 names no parameter, so
the episode length is the only static argument and jit rejects the signature.

Source: https://github.com/bcolloran/deep_rl_experiments/blob/732a99f5690a1ce11cc24f9221b108e808fe6e6b/jax/jax_trajectory_utils.py#L61
Observed on jax 0.10.x: raises ValueError
"""
import os
import sys

import jax.numpy as jnp

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


def pendulum_step(state, action, dt=0.05):
    th, thdot = state
    thdot = thdot + (-3.0 * jnp.sin(th) + 3.0 * action) * dt
    th = th + thdot * dt
    return (th, thdot), -(th**2 + 0.1 * thdot**2)


def run():
    from trajectory_utils import make_agent_episode, make_scan_policy_dynamics_step_fn

    policy = lambda state: -0.5 * state[1]
    step_fn = make_scan_policy_dynamics_step_fn(pendulum_step, policy)
    return make_agent_episode(200, (jnp.float32(1.0), jnp.float32(0.0)), step_fn)


if __name__ == "__main__":
    run()
