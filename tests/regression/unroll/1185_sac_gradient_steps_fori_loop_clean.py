"""SAC train function runs its gradient steps in a lax.fori_loop (fixed).

Source: https://github.com/araffin/sbx/pull/21
What happened: sbx PR #21 replaced `_train`'s unrolled `for i in range(gradient_steps)`
with `jax.lax.fori_loop(0, gradient_steps, one_update, carry)`: the batch is cut with
`jax.lax.dynamic_slice_in_dim(x, i * batch_size, batch_size)`, the carry dict holds
`actor_state`, `qf_state`, ..., and the delayed actor update is chosen with
`jax.lax.cond((policy_delay_offset + i) % policy_delay == 0, ...)`.  The compiled program
no longer grows with `gradient_steps`.  Same learner as the hazard with that loop.

Observed on jax 0.10.2: runs
"""
from functools import partial
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp


class RLTrainState(NamedTuple):
    params: Any
    target_params: Any


def critic_loss(qf_params, target_params, actor_params, obs, actions, rewards, next_obs, gamma):
    next_actions = jnp.tanh(next_obs @ actor_params)
    next_q = jnp.concatenate([next_obs, next_actions], -1) @ target_params
    target = rewards[:, None] + gamma * next_q
    q = jnp.concatenate([obs, actions], -1) @ qf_params
    return jnp.mean((q - jax.lax.stop_gradient(target)) ** 2)


def actor_loss(actor_params, qf_params, obs):
    actions = jnp.tanh(obs @ actor_params)
    return -jnp.mean(jnp.concatenate([obs, actions], -1) @ qf_params)


@partial(jax.jit, static_argnames=["gradient_steps", "policy_delay"])
def train(gamma, tau, gradient_steps, policy_delay, data, qf_state, actor_params):
    batch_size = data[0].shape[0] // gradient_steps

    def one_update(i, carry):
        qf_state, actor_params = carry
        obs, actions, rewards, next_obs = (
            jax.lax.dynamic_slice_in_dim(d, i * batch_size, batch_size) for d in data)
        grads = jax.grad(critic_loss)(qf_state.params, qf_state.target_params, actor_params,
                                      obs, actions, rewards, next_obs, gamma)
        qf_state = qf_state._replace(params=qf_state.params - 1e-3 * grads)
        qf_state = qf_state._replace(
            target_params=tau * qf_state.params + (1 - tau) * qf_state.target_params)
        actor_params = jax.lax.cond(
            (i + 1) % policy_delay == 0,
            lambda a: a - 1e-3 * jax.grad(actor_loss)(a, qf_state.params, obs),
            lambda a: a,
            actor_params)
        return qf_state, actor_params

    return jax.lax.fori_loop(0, gradient_steps, one_update, (qf_state, actor_params))


def run(gradient_steps=32, batch_size=16, obs_dim=4, act_dim=2):
    k = jax.random.split(jax.random.PRNGKey(0), 6)
    n = gradient_steps * batch_size
    data = (jax.random.normal(k[0], (n, obs_dim)), jax.random.normal(k[1], (n, act_dim)),
            jax.random.normal(k[2], (n,)), jax.random.normal(k[3], (n, obs_dim)))
    qf = 0.1 * jax.random.normal(k[4], (obs_dim + act_dim, 1))
    actor = 0.1 * jax.random.normal(k[5], (obs_dim, act_dim))
    qf_state, actor = train(0.99, 0.005, gradient_steps, 2, data, RLTrainState(qf, qf), actor)
    return float(qf_state.params.sum())


if __name__ == "__main__":
    print(run())
