from functools import partial

import jax
import jax.numpy as jnp
import optax


class BaseQ:
    def __init__(self, state_dim: int, n_actions: int, gamma: float, network_key, learning_rate: float) -> None:
        self.gamma = gamma
        self.params = {"w": 0.1 * jax.random.normal(network_key, (state_dim, n_actions))}
        self.loss_and_grad = jax.jit(jax.value_and_grad(self.loss))
        self.optimizer = optax.adam(learning_rate)
        self.optimizer_state = self.optimizer.init(self.params)

    def __call__(self, params, states):
        return states @ params["w"]

    def loss(self, params, params_target, samples):
        target = samples["reward"] + self.gamma * (1 - samples["absorbing"]) * self(
            params_target, samples["next_state"]).max(axis=1)
        q_sa = jnp.take_along_axis(self(params, samples["state"]), samples["action"][:, None], axis=1)[:, 0]
        return jnp.mean((q_sa - jax.lax.stop_gradient(target)) ** 2)

    @partial(jax.jit, static_argnames="self")
    def learn_on_batch(self, params, params_target, optimizer_state, batch_samples):
        loss, grad_loss = self.loss_and_grad(params, params_target, batch_samples)
        updates, optimizer_state = self.optimizer.update(grad_loss, optimizer_state)
        params = optax.apply_updates(params, updates)
        return params, optimizer_state, loss
