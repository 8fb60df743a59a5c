"""magi's TD-MPC planner (`td_mpc_planner`, called from the jitted `plan_step`) takes the
planning horizon from the data, `horizon = previous_trajectory.shape[0]`, and both helpers
walk it with Python loops: `_rollout_policy` does `for _ in range(horizon)` (a key split,
a policy sample and a latent model step per iteration) and `_compute_n_step_return` does
`for t in range(horizon)` over `actions.shape[0]`. Under jit both loops are unrolled into
the graph -- and inside the planner's fori_loop body -- so the compiled planner grows with
the horizon (up to 5-10 steps of model + policy + critic networks each).

Source: https://github.com/ethanluoyc/magi/blob/48c713662b4ed2830d31b885843f7ee408ce33c4/magi/agents/tdmpc/planning.py#L226
Observed on jax 0.10.x: plan_step compiled 1 times
"""
import functools

import jax
import jax.numpy as jnp

import planning


def encoder_fn(params, obs):
    return jnp.tanh(obs @ params["h"])


def model_fn(params, z, action):
    z = jnp.tanh(z @ params["d"] + action @ params["da"])
    return z, jnp.sum(z, axis=-1)


def critic_fn(params, z, action):
    return jnp.sum(z @ params["q"], axis=-1) + jnp.sum(action, axis=-1)


def policy_fn(params, z, key):
    return jnp.tanh(z @ params["pi"] + 0.1 * jax.random.normal(key, (z.shape[0], params["pi"].shape[1])))


def run():
    params = {"h": jnp.ones((4, 8)) * 0.1, "d": jnp.eye(8) * 0.5, "da": jnp.ones((2, 8)) * 0.1,
              "q": jnp.ones((8, 1)), "pi": jnp.ones((8, 2)) * 0.1}

    @jax.jit
    def plan_step(params, obs, previous_trajectory, key):
        return planning.td_mpc_planner(
            policy_fn, encoder_fn, model_fn, critic_fn, params, obs, previous_trajectory, key,
            n_policy_trajectories=4, n_sample_trajectories=16, discount=0.99,
        )

    action = plan_step(params, jnp.ones((4,)), jnp.zeros((5, 2)), jax.random.PRNGKey(0))
    assert action.shape == (5, 2)
