import jax
import jax.numpy as jnp


def sample_action(action_logits, key):
    """Sample action from action logits and return action and log probability."""
    action = jax.random.categorical(key, action_logits)
    log_probs = jax.nn.log_softmax(action_logits)
    return action, jnp.take_along_axis(log_probs, action[..., None], axis=-1)[..., 0]


class PPOAgent:
    def __init__(self, observation_dim, action_dim, key):
        self.network_params = 0.1 * jax.random.normal(key, (observation_dim, action_dim))

    def select_action(self, network_params, observation, key):
        policy_logits = observation @ network_params
        action, log_prob = sample_action(policy_logits, key)
        return action, log_prob, {"value": jnp.sum(observation)}
