"""IQL's Learner keeps one PRNG key in self.rng. The jitted _update_jit splits it
(`key, rng = jax.random.split(rng)`), spends `key` on the actor's dropout inside the
AWR actor update and returns the fresh `rng`; Learner.update stores it back with
`self.rng = new_rng` before the next step. Each update therefore gets a new dropout
key although the same jitted function is called again and again.

Source: https://github.com/ikostrikov/implicit_q_learning/blob/09d700248117881a75cb21f0adb95c6c8a694cb2/learner.py#L127
Observed on jax 0.10.x: _update_jit compiled 1 times; 0 of 2 calls
"""
from typing import Any, Dict, Tuple

import jax
import jax.numpy as jnp
import numpy as np

PRNGKey = Any
InfoDict = Dict[str, Any]


def awr_update_actor(key: PRNGKey, actor: dict, batch: dict, temperature: float,
                     dropout_rate: float = 0.1) -> Tuple[dict, InfoDict]:
    exp_a = jnp.minimum(jnp.exp(batch['adv'] * temperature), 100.0)

    def actor_loss_fn(actor_params):
        keep = jax.random.bernoulli(key, 1.0 - dropout_rate, batch['observations'].shape)
        obs = jnp.where(keep, batch['observations'] / (1.0 - dropout_rate), 0.0)
        means = obs @ actor_params['kernel']
        log_probs = -0.5 * jnp.sum((batch['actions'] - means) ** 2, axis=-1)
        return -(exp_a * log_probs).mean(), keep

    (loss, keep), grads = jax.value_and_grad(actor_loss_fn, has_aux=True)(actor)
    new_actor = jax.tree_util.tree_map(lambda p, g: p - 3e-4 * g, actor, grads)
    return new_actor, {'actor_loss': loss, 'dropout_mask': keep}


@jax.jit
def _update_jit(rng: PRNGKey, actor: dict, batch: dict,
                temperature: float) -> Tuple[PRNGKey, dict, InfoDict]:
    key, rng = jax.random.split(rng)
    new_actor, actor_info = awr_update_actor(key, actor, batch, temperature)
    return rng, new_actor, actor_info


class Learner(object):
    def __init__(self, seed: int, observations: np.ndarray, actions: np.ndarray,
                 temperature: float = 0.1):
        self.temperature = temperature
        rng = jax.random.PRNGKey(seed)
        rng, actor_key = jax.random.split(rng)
        self.actor = {'kernel': 0.01 * jax.random.normal(
            actor_key, (observations.shape[-1], actions.shape[-1]))}
        self.rng = rng

    def update(self, batch: dict) -> InfoDict:
        new_rng, new_actor, info = _update_jit(self.rng, self.actor, batch,
                                               self.temperature)
        self.rng = new_rng
        self.actor = new_actor
        return info


def run():
    rng = np.random.default_rng(0)
    batch = {'observations': rng.normal(size=(32, 11)).astype(np.float32),
             'actions': rng.uniform(-1, 1, size=(32, 3)).astype(np.float32),
             'adv': rng.normal(size=(32,)).astype(np.float32)}
    learner = Learner(42, batch['observations'], batch['actions'])
    masks = [learner.update(batch)['dropout_mask'] for _ in range(3)]
    return sum(bool(jnp.array_equal(a, b)) for a, b in zip(masks, masks[1:]))
