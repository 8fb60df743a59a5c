"""DQV agent pieces, rebuilt from the thesis fork of dopamine (thesis/jax/agents/dqv_agent.py)."""
from typing import Tuple

import jax
import numpy as onp
import optax
from jax import numpy as jnp


class Dense:
    """Stands in for the flax network: one linear layer, hashed by identity like an nn.Module."""

    def __init__(self, features: int):
        self.features = features

    def init(self, key, x):
        return {"w": 0.1 * jax.random.normal(key, (x.shape[-1], self.features))}

    def apply(self, params, x):
        return x @ params["w"]


def mse_loss(targets, predictions):
    return jnp.power(targets - predictions, 2)


def replay_chosen_q(estimates, replay_actions):
    return jax.vmap(lambda x, y: x[y])(estimates, replay_actions)


def train_module(
    net,
    params,
    td_errors: jnp.ndarray,
    optim: optax.GradientTransformation,
    opt_state: optax.OptState,
    loss_fn: callable,
    states: onp.ndarray,
    callback: callable,
    *args,
    **kwargs
) -> Tuple[optax.OptState, dict, float]:
    # evaluation and loss function
    def estimate_states(params):
        estimates = jax.vmap(lambda state: net.apply(params, state))(states)
        estimates = callback(estimates.squeeze(), *args, **kwargs)
        return jnp.mean(jax.vmap(loss_fn)(td_errors, estimates))

    # optimize the network, taking the gradient of the loss function
    grad_fn = jax.value_and_grad(estimate_states)
    loss, grad = grad_fn(params)
    updates, opt_state = optim.update(grad, opt_state, params)
    params = optax.apply_updates(params, updates)
    return opt_state, params, loss


train_module_jit = jax.jit(train_module, static_argnums=(0, 3, 5, 7))


class JaxDQVAgent:
    def __init__(self, n_actions: int, obs_dim: int, seed: int = 0):
        k0, k1 = jax.random.split(jax.random.PRNGKey(seed))
        dummy = jnp.zeros((obs_dim,))
        self.V_network, self.Q_network = Dense(1), Dense(n_actions)
        self.V_online = self.V_network.init(k0, dummy)
        self.Q_online = self.Q_network.init(k1, dummy)
        self.optimizer = optax.sgd(1e-2)
        self.V_optim_state = self.optimizer.init(self.V_online)
        self.Q_optim_state = self.optimizer.init(self.Q_online)
        self.loss_fn = mse_loss
        self.training_steps = 0

    def _train_step(self, replay_elements: dict, td_error: jnp.ndarray):
        self.V_optim_state, self.V_online, v_loss = train_module_jit(  # expect: JAX405
            self.V_network,
            self.V_online,
            td_error,
            self.optimizer,
            self.V_optim_state,
            self.loss_fn,
            replay_elements["state"],
            lambda estim, *_, **__: estim,
        )
        self.Q_optim_state, self.Q_online, q_loss = train_module_jit(  # expect: JAX405
            self.Q_network,
            self.Q_online,
            td_error,
            self.optimizer,
            self.Q_optim_state,
            self.loss_fn,
            replay_elements["state"],
            lambda estim, *args, **_: replay_chosen_q(estim, args[0]),
            replay_elements["action"],
        )
        self.training_steps += 1
        return v_loss, q_loss
