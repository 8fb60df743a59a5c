from functools import partial

import jax
import jax.numpy as jnp
import optax


def stochastic_policy_gradient_pseudo_loss(observations, actions, advantages, policy):
    logits = observations @ policy["w"] + policy["b"]
    logp = jax.nn.log_softmax(logits)
    logp_a = jnp.take_along_axis(logp, actions[:, None], axis=-1)[:, 0]
    return -jnp.mean(logp_a * advantages)


def a2c_policy_gradient(policy, observations, actions, advantages):
    return jax.value_and_grad(stochastic_policy_gradient_pseudo_loss, argnums=3)(
        observations, actions, advantages, policy
    )


@partial(jax.jit, static_argnames=["policy_gradient_steps", "tx"])
def train_policy_a2c(policy, opt_state, tx, policy_gradient_steps, observations, actions, advantages):
    adv_mean = jnp.mean(advantages)
    adv_std = jnp.std(advantages) + 1e-8
    normalized_advantages = (advantages - adv_mean) / adv_std

    p_loss = 0.0
    for _ in range(policy_gradient_steps):  # expect: JAX407
        p_loss, p_grad = a2c_policy_gradient(policy, observations, actions, normalized_advantages)
        updates, opt_state = tx.update(p_grad, opt_state, policy)
        policy = optax.apply_updates(policy, updates)
    return policy, opt_state, p_loss
