"""magi's TD-MPC actor grows the planning horizon with a schedule:
`plan_init` computes `planning_horizon = int(min(horizon, horizon_schedule(step)))` and
builds the previous trajectory with that many rows, and the result is fed to the jitted
`plan_step`. While the linear horizon schedule ramps up from 1 to 5, every new horizon
is a new input shape, so `plan_step` (the whole MPPI/CEM planner) is recompiled once per
horizon value during training.

Source: https://github.com/ethanluoyc/magi/blob/48c713662b4ed2830d31b885843f7ee408ce33c4/magi/agents/tdmpc/acting.py#L59
Observed on jax 0.10.x: plan_step compiled 5 times
"""
import jax
import jax.numpy as jnp
import optax

from acting import TDMPCActor


def run():
    schedule = optax.linear_schedule(1.0, 5.0, transition_steps=40)
    actor = TDMPCActor(action_dim=2, horizon_schedule=schedule, horizon=5)
    params = {"encoder": jnp.ones((4, 8)) * 0.1}
    obs = jnp.ones((4,))
    key = jax.random.PRNGKey(0)
    for step in range(0, 60, 5):
        key, sub = jax.random.split(key)
        actor.select_action(params, obs, sub, step)
