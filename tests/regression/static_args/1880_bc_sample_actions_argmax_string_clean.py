"""jaxrl_m's behaviour-cloning agent jits its policy sampler with
``functools.partial(jax.jit, static_argnames=('argmax'))``. The parentheses do
not make a tuple, so ``static_argnames`` is the plain string ``'argmax'``, which
jax accepts as a single name; ``argmax`` is a keyword-only bool flag, so the
evaluation rollout (``argmax=True``) and the data-collection rollout
(``argmax=False``) each compile once and are then reused.

Source: https://github.com/dibyaghosh/jaxrl_m/blob/54ef8acb640b3955ae1370a1a309c2ab12427dc9/examples/vision_agents/continuous_bc.py#L38
Observed on jax 0.10.x: sample_actions compiled 2 times
"""
import functools

import jax
import jax.numpy as jnp
import numpy as np


class Policy:
    """Tanh-free Gaussian policy head standing in for the flax actor."""

    def __init__(self, obs_dim, act_dim, key):
        self.params = {"w": jax.random.normal(key, (obs_dim, act_dim)) * 0.1,
                       "log_std": jnp.zeros(act_dim)}

    @staticmethod
    def apply(params, observations, temperature=1.0):
        mean = observations @ params["w"]
        return mean, jnp.exp(params["log_std"]) * temperature


@functools.partial(jax.jit, static_argnames=('argmax'))
def sample_actions(params,
                   observations: np.ndarray,
                   *,
                   seed,
                   temperature: float = 1.0,
                   argmax=False) -> jnp.ndarray:
    mean, std = Policy.apply(params, observations, temperature=temperature)
    if argmax:
        actions = mean
    else:
        actions = mean + std * jax.random.normal(seed, mean.shape)
    return jnp.clip(actions, -1, 1)


def run():
    policy = Policy(8, 2, jax.random.PRNGKey(0))
    rng = jax.random.PRNGKey(1)
    obs = np.zeros((1, 8), np.float32)
    for _ in range(5):
        rng, key = jax.random.split(rng)
        sample_actions(policy.params, obs, seed=key)
        sample_actions(policy.params, obs, seed=key, argmax=True)
