"""SAC train function unrolls one critic/actor update per gradient step in Python.

Source: https://github.com/araffin/sbx/pull/21
What happened: sbx's `SAC._train` was `@partial(jax.jit, static_argnames=["cls",
"gradient_steps"])` and its body was `for i in range(gradient_steps):` slicing the
pre-sampled batch (`x[batch_size * step : batch_size * (step + 1)]`), calling
`SAC.update_critic(...)`, `SAC.soft_update(tau, qf_state)` and, on delayed steps,
`cls.update_actor(...)`.  With a static `gradient_steps` the loop is unrolled into that
many copies of the full critic+actor update, so large `gradient_steps` (e.g. matching
`train_freq` in high-UTD settings) made compilation impractical.  PR #21 "Added support
for large values for gradient_steps to SAC, TD3, and TQC by replacing the unrolled loop
with jax.lax.fori_loop".  Here a compact SAC-like learner with 32 gradient steps per call.

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


class SAC:
    @staticmethod
    def update_critic(gamma, actor_params, qf_state, obs, actions, rewards, next_obs):
        grads = jax.grad(critic_loss)(qf_state.params, qf_state.target_params, actor_params,
                                      obs, actions, rewards, next_obs, gamma)
        return qf_state._replace(params=qf_state.params - 1e-3 * grads)

    @staticmethod
    def soft_update(tau, qf_state):
        return qf_state._replace(
            target_params=tau * qf_state.params + (1 - tau) * qf_state.target_params)

    @staticmethod
    def update_actor(actor_params, qf_state, obs):
        return actor_params - 1e-3 * jax.grad(actor_loss)(actor_params, qf_state.params, obs)

    @classmethod
    @partial(jax.jit, static_argnames=["cls", "gradient_steps", "policy_delay"])
    def _train(cls, gamma, tau, gradient_steps, policy_delay, data, qf_state, actor_params):
        for i in range(gradient_steps):  # expect: JAX407

            def slice(x, step=i):
                batch_size = x.shape[0] // gradient_steps
                return x[batch_size * step: batch_size * (step + 1)]

            obs, actions, rewards, next_obs = (slice(d) for d in data)
            qf_state = SAC.update_critic(gamma, actor_params, qf_state, obs, actions,
                                         rewards, next_obs)
            qf_state = SAC.soft_update(tau, qf_state)
            if (i + 1) % policy_delay == 0:
                actor_params = cls.update_actor(actor_params, qf_state, obs)
        return qf_state, actor_params


def run(gradient_steps=32, batch_size=16, obs_dim=4, act_dim=2):
    k = jax.random.split(jax.random.PRNGKey(0), 6)
    n = gradient_steps * batch_size
    data = (jax.random.normal(k[0], (n, obs_dim)), jax.random.normal(k[1], (n, act_dim)),
            jax.random.normal(k[2], (n,)), jax.random.normal(k[3], (n, obs_dim)))
    qf = 0.1 * jax.random.normal(k[4], (obs_dim + act_dim, 1))
    qf_state = RLTrainState(qf, qf)
    actor = 0.1 * jax.random.normal(k[5], (obs_dim, act_dim))
    qf_state, actor = SAC._train(0.99, 0.005, gradient_steps, 2, data, qf_state, actor)
    return float(qf_state.params.sum())


if __name__ == "__main__":
    print(run())
