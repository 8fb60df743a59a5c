"""Actor sampling helpers, rebuilt from implicit_q_learning/policy.py (flax swapped for a plain class)."""
import functools
from typing import Any, Tuple

import jax
import jax.numpy as jnp
import numpy as np

PRNGKey = Any
Params = Any


class NormalTanhPolicy:
    """Stands in for the flax module: a diagonal Gaussian head over a linear layer."""

    def __init__(self, action_dim: int, log_std_scale: float = 1e-3):
        self.action_dim = action_dim
        self.log_std_scale = log_std_scale

    def apply(self, variables, observations, temperature=1.0):
        params = variables['params']
        means = observations @ params['kernel'] + params['bias']
        log_stds = params['log_stds'] * self.log_std_scale
        return means, jnp.exp(log_stds) * temperature


@functools.partial(jax.jit, static_argnames=('actor_def', 'distribution'))  # expect: JAX304
def _sample_actions(rng: PRNGKey,
                    actor_def: NormalTanhPolicy,
                    actor_params: Params,
                    observations: np.ndarray,
                    temperature: float = 1.0) -> Tuple[PRNGKey, jnp.ndarray]:
    means, stds = actor_def.apply({'params': actor_params}, observations, temperature)
    rng, key = jax.random.split(rng)
    return rng, means + stds * jax.random.normal(key, means.shape)


def sample_actions(rng: PRNGKey,
                   actor_def: NormalTanhPolicy,
                   actor_params: Params,
                   observations: np.ndarray,
                   temperature: float = 1.0) -> Tuple[PRNGKey, jnp.ndarray]:
    return _sample_actions(rng, actor_def, actor_params, observations,
                           temperature)
