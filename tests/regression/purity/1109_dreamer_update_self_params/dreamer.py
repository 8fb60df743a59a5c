"""Dreamer agent after "Clean up optimizer / param handling" (dreamax 7f1c3e3), trimmed.

Parameters and optimizer states live in dicts on the agent; the jitted ``update``
(with ``self`` static) writes the new values back into those dicts.
"""
import functools

import jax
import jax.numpy as jnp
import optax


def world_model_loss(params, obs, next_obs):
    pred = jnp.tanh(obs @ params["w"] + params["b"])
    return jnp.mean((pred - next_obs) ** 2)


def critic_loss(params, features, returns):
    values = features @ params["v"]
    return jnp.mean((values - returns) ** 2)


class Dreamer:
    def __init__(self, obs_dim, key, lr=1e-3):
        k1, k2 = jax.random.split(key)
        self.params = {
            "model": {"w": 0.1 * jax.random.normal(k1, (obs_dim, obs_dim)), "b": jnp.zeros(obs_dim)},
            "critic": {"v": 0.1 * jax.random.normal(k2, (obs_dim,))},
        }
        self.model_optimizer = optax.adam(lr)
        self.critic_optimizer = optax.adam(lr)
        self.opt_state = {
            "model": self.model_optimizer.init(self.params["model"]),
            "critic": self.critic_optimizer.init(self.params["critic"]),
        }
        self.training_step = 0

    @functools.partial(jax.jit, static_argnums=0)
    def update(self, batch, key):
        model_report, features = self.update_model(batch)
        critic_report = self.update_critic(features, batch["reward"])
        return {**model_report, **critic_report}

    def update_model(self, batch):
        loss, grads = jax.value_and_grad(world_model_loss)(
            self.params["model"], batch["obs"], batch["next_obs"])
        self.params["model"], self.opt_state["model"] = self.grad_step(  # expect: JAX104,JAX105
            grads, self.model_optimizer, self.params["model"], self.opt_state["model"])
        features = jnp.tanh(batch["obs"] @ self.params["model"]["w"])
        return {"world_model/loss": loss}, features

    def update_critic(self, features, returns):
        loss, grads = jax.value_and_grad(critic_loss)(self.params["critic"], features, returns)
        self.params["critic"], self.opt_state["critic"] = self.grad_step(  # expect: JAX104,JAX105
            grads, self.critic_optimizer, self.params["critic"], self.opt_state["critic"])
        return {"agent/critic_loss": loss}

    def grad_step(self, grads, optimizer, params, opt_state):
        updates, new_opt_state = optimizer.update(grads, opt_state)
        new_params = optax.apply_updates(params, updates)
        finite = jnp.all(jnp.asarray([jnp.all(jnp.isfinite(g)) for g in jax.tree_util.tree_leaves(grads)]))
        params, opt_state = jax.tree_util.tree_map(
            lambda new, old: jnp.where(finite, new, old), (new_params, new_opt_state), (params, opt_state))
        return params, opt_state
