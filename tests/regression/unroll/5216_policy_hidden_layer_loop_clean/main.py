"""PPO policy network (haiku): `PolicyNetFixedSigma.__call__` builds its MLP with
`for idx_hidden_layer, hidden_layer_params in enumerate(self._hidden_layers_params, start=1):`,
one orthogonally-initialised linear layer + tanh per entry of the config list, and the agent calls
it through `self.policy = jax.jit(policy_)`. The loop runs over the two hidden-layer configs of the
experiment (a fixed, tiny Python list), not over data, so unrolling it at trace time is exactly
what is wanted. Rebuilt with equinox layers.

Source: https://github.com/emasquil/ppo/blob/83b54926ea69244d382bfb958271718932894eb0/ppo/networks/policy.py#L39
Observed on jax 0.10.x: policy_ compiled 1 times
"""
import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np

from networks import PolicyNetFixedSigma

policy_hidden_layers = [
    {"output_size": 64, "std": np.sqrt(2), "bias": 0},
    {"output_size": 64, "std": np.sqrt(2), "bias": 0},
]


def run():
    net = PolicyNetFixedSigma(4, policy_hidden_layers, (1,), key=jax.random.PRNGKey(0), sigma=0.05)

    def policy_(policy_params, observation):
        return policy_params(observation)

    policy = eqx.filter_jit(policy_)
    for t in range(3):
        mu, sigma = policy(net, jnp.ones((4,)) * t)
    return mu
