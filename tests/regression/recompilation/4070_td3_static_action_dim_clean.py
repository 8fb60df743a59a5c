"""henry-prior/jax-rl's TD3 jits actor_step with static_argnums=(2, 3): the
static arguments are max_action (cast with float(env.action_space.high[0])
in main_gym.py) and action_dim (an int), both hashable and fixed for the
whole run, while parameters and the state batch are traced. Every training
step reuses the single compiled actor_step.

Source: https://github.com/henry-prior/jax-rl/blob/9a8cc7bcf5932a114ff59bc5f0755af61d3a9dfd/jax_rl/TD3.py#L74
Observed on jax 0.10.x: actor_step compiled 1 times
"""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


@partial(jax.jit, static_argnums=(1, 2))
def apply_td3_actor_model(params, action_dim: int, max_action: float, state):
    return max_action * jnp.tanh(state @ params["w"][:, :action_dim])


def apply_td3_critic_model(params, state, action):
    return jnp.concatenate([state, action], axis=-1) @ params["q"]


@partial(jax.jit, static_argnums=(2, 3))
def actor_step(actor_params, critic_params, max_action: float, action_dim: int, state):
    def loss_fn(actor_params):
        action = apply_td3_actor_model(actor_params, action_dim, max_action, state)
        return -jnp.mean(apply_td3_critic_model(critic_params, state, action))

    grad = jax.grad(loss_fn)(actor_params)
    return jax.tree_util.tree_map(lambda p, g: p - 3e-4 * g, actor_params, grad)


def run():
    action_high = np.array([2.0, 2.0], dtype=np.float32)
    max_action = float(action_high[0])
    action_dim = action_high.shape[0]
    actor = {"w": jnp.ones((3, 2))}
    critic = {"q": jnp.ones((5, 1))}
    for t in range(5):
        state = jax.random.normal(jax.random.PRNGKey(t), (4, 3))
        actor = actor_step(actor, critic, max_action, action_dim, state)
