import functools

import jax
import jax.numpy as jnp


def loss_fn(params, apply_fn, minibatch, clip_param, vf_coeff, entropy_coeff):
    states, actions, old_log_probs, returns, advantages = minibatch
    log_probs, values = apply_fn(params, states)
    values = values[:, 0]
    probs = jnp.exp(log_probs)
    value_loss = jnp.mean(jnp.square(returns - values), axis=0)
    entropy = jnp.sum(-probs * log_probs, axis=1).mean()
    log_probs_act_taken = jax.vmap(lambda lp, a: lp[a])(log_probs, actions)
    ratios = jnp.exp(log_probs_act_taken - old_log_probs)
    advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
    pg_loss = ratios * advantages
    clipped_loss = advantages * jax.lax.clamp(1.0 - clip_param, ratios, 1.0 + clip_param)
    ppo_loss = -jnp.mean(jnp.minimum(pg_loss, clipped_loss), axis=0)
    return ppo_loss + vf_coeff * value_loss - entropy_coeff * entropy


@functools.partial(jax.jit, static_argnums=(5,))
def train_step(state, trajectories, clip_param, vf_coeff, entropy_coeff, batch_size):
    iterations = trajectories[0].shape[0] // batch_size
    trajectories = jax.tree_util.tree_map(
        lambda x: x.reshape((iterations, batch_size) + x.shape[1:]), trajectories)
    loss = 0.
    for batch in zip(*trajectories):  # expect: JAX407
        grad_fn = jax.value_and_grad(loss_fn)
        l, grads = grad_fn(state.params, state.apply_fn, batch, clip_param, vf_coeff,
                           entropy_coeff)
        loss += l
        state = state.apply_gradients(grads=grads)
    return state, loss
