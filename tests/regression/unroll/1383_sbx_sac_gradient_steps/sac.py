from functools import partial

import jax
import jax.numpy as jnp
import optax


def mse_critic_loss(critic_params, obs, actions, target_q):
    q = jnp.tanh(obs @ critic_params["w_obs"] + actions @ critic_params["w_act"]) @ critic_params["head"]
    return jnp.mean((q - target_q) ** 2)


def actor_loss(actor_params, critic_params, obs):
    actions = jnp.tanh(obs @ actor_params["w"])
    q = jnp.tanh(obs @ critic_params["w_obs"] + actions @ critic_params["w_act"]) @ critic_params["head"]
    return -jnp.mean(q)


class SAC:
    """Soft actor-critic as in sbx: one jitted `_train` running `gradient_steps` updates."""

    def __init__(self, obs_dim=3, act_dim=1, hidden=16, gradient_steps=1, learning_rate=3e-4):
        key = jax.random.PRNGKey(0)
        k1, k2, k3, k4 = jax.random.split(key, 4)
        self.critic_params = {
            "w_obs": 0.1 * jax.random.normal(k1, (obs_dim, hidden)),
            "w_act": 0.1 * jax.random.normal(k2, (act_dim, hidden)),
            "head": 0.1 * jax.random.normal(k3, (hidden,)),
        }
        self.actor_params = {"w": 0.1 * jax.random.normal(k4, (obs_dim, act_dim))}
        self.optimizer = optax.adam(learning_rate)
        self.critic_opt_state = self.optimizer.init(self.critic_params)
        self.actor_opt_state = self.optimizer.init(self.actor_params)
        self.gradient_steps = gradient_steps

    @staticmethod
    @partial(jax.jit, static_argnames=["optimizer", "gradient_steps"])
    def _train(optimizer, gradient_steps, critic_params, actor_params, critic_opt_state, actor_opt_state, data):
        obs, actions, target_q = data
        batch_size = obs.shape[0] // gradient_steps
        for i in range(gradient_steps):  # expect: JAX407
            sl = slice(i * batch_size, (i + 1) * batch_size)
            c_grads = jax.grad(mse_critic_loss)(critic_params, obs[sl], actions[sl], target_q[sl])
            updates, critic_opt_state = optimizer.update(c_grads, critic_opt_state)
            critic_params = optax.apply_updates(critic_params, updates)
            a_grads = jax.grad(actor_loss)(actor_params, critic_params, obs[sl])
            updates, actor_opt_state = optimizer.update(a_grads, actor_opt_state)
            actor_params = optax.apply_updates(actor_params, updates)
        return critic_params, actor_params, critic_opt_state, actor_opt_state

    def train(self, data):
        (self.critic_params, self.actor_params,
         self.critic_opt_state, self.actor_opt_state) = SAC._train(
            self.optimizer, self.gradient_steps, self.critic_params, self.actor_params,
            self.critic_opt_state, self.actor_opt_state, data)
