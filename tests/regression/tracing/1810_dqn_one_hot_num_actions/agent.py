import functools

import jax
import jax.numpy as jnp
import optax

from .networks import q_network


@functools.partial(jax.jit, static_argnums=(0,))
def train(optimizer, online_params, target_params, opt_state, replay_elements, num_actions, cumulative_gamma):
    """One DQN step with a cross-entropy-style auxiliary term on the replayed actions."""

    def loss_fn(params):
        q_values = q_network(params, replay_elements["state"])
        replay_action_one_hot = jax.nn.one_hot(replay_elements["action"], num_actions)  # expect: JAX204
        replay_chosen_q = jnp.sum(q_values * replay_action_one_hot, axis=1)
        next_q = q_network(target_params, replay_elements["next_state"]).max(axis=1)
        target = replay_elements["reward"] + cumulative_gamma * (1.0 - replay_elements["terminal"]) * next_q
        return jnp.mean(optax.huber_loss(replay_chosen_q, jax.lax.stop_gradient(target)))

    loss, grads = jax.value_and_grad(loss_fn)(online_params)
    updates, opt_state = optimizer.update(grads, opt_state)
    return optax.apply_updates(online_params, updates), opt_state, loss
