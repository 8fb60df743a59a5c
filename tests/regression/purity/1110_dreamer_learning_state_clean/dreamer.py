"""Dreamer agent in the later dreamax layout: the jitted ``_update`` receives the
learning states as arguments and returns the new ones; the Python driver stores
them."""
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
        self.model_optimizer = optax.adam(lr)
        self.critic_optimizer = optax.adam(lr)
        model_params = {"w": 0.1 * jax.random.normal(k1, (obs_dim, obs_dim)), "b": jnp.zeros(obs_dim)}
        critic_params = {"v": 0.1 * jax.random.normal(k2, (obs_dim,))}
        self.learning_states = (
            (model_params, self.model_optimizer.init(model_params)),
            (critic_params, self.critic_optimizer.init(critic_params)),
        )

    @property
    def params(self):
        return {"model": self.learning_states[0][0], "critic": self.learning_states[1][0]}

    def update(self, batch, key):
        self.learning_states, report = self._update(batch, *self.learning_states, key=key)
        return report

    @functools.partial(jax.jit, static_argnums=0)
    def _update(self, batch, model_state, critic_state, key):
        model_state, model_report, features = self.update_model(batch, model_state)
        critic_state, critic_report = self.update_critic(features, batch["reward"], critic_state)
        return (model_state, critic_state), {**model_report, **critic_report}

    def update_model(self, batch, state):
        params, opt_state = state
        loss, grads = jax.value_and_grad(world_model_loss)(params, batch["obs"], batch["next_obs"])
        new_state = self.grad_step(grads, self.model_optimizer, params, opt_state)
        features = jnp.tanh(batch["obs"] @ new_state[0]["w"])
        return new_state, {"world_model/loss": loss}, features

    def update_critic(self, features, returns, state):
        params, opt_state = state
        loss, grads = jax.value_and_grad(critic_loss)(params, features, returns)
        return self.grad_step(grads, self.critic_optimizer, params, opt_state), {"agent/critic_loss": loss}

    def grad_step(self, grads, optimizer, params, opt_state):
        updates, new_opt_state = optimizer.update(grads, opt_state)
        new_params = optax.apply_updates(params, updates)
        finite = jnp.all(jnp.asarray([jnp.all(jnp.isfinite(g)) for g in jax.tree_util.tree_leaves(grads)]))
        return jax.tree_util.tree_map(
            lambda new, old: jnp.where(finite, new, old), (new_params, new_opt_state), (params, opt_state))
