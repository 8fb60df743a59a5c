"""sbx (Stable-Baselines-Jax): jitted `_train` returns the key it was given.

Source: https://github.com/araffin/sbx/pull/46
(sbx, "Hotfix - Return the new updated key in function _train", commit 42caa65;
issue #45).

`SAC._train` runs `gradient_steps` updates in a `lax.fori_loop`; the key
travels in the loop carry and is split by every critic/actor update. But the
function returned `key` -- its own input -- instead of `update_carry["key"]`,
so `self.key` never advanced: every call of `train()` replayed exactly the
same noise (target-policy samples, entropy estimates). The regression test
added with the fix asserts the key changes across `learn()`. Networks trimmed
to linear policy/critic; the key plumbing is as in sbx.

Observed on jax 0.10.2: 2 of 3 calls
"""
from functools import partial
from typing import Any, Dict

import jax
import jax.numpy as jnp


class SAC:
    def __init__(self, obs_dim=3, act_dim=2, seed=0):
        self.key = jax.random.PRNGKey(seed)
        self.actor_params = jnp.zeros((obs_dim, act_dim))
        self.qf_params = jnp.zeros((obs_dim + act_dim,))
        self.last_noise = None

    @staticmethod
    def update_critic(qf_params, actor_params, obs, key):
        key, noise_key = jax.random.split(key)
        noise = jax.random.normal(noise_key, (obs.shape[0], actor_params.shape[1]))
        next_actions = obs @ actor_params + noise
        q = jnp.concatenate([obs, next_actions], axis=1) @ qf_params
        grad = jnp.concatenate([obs, next_actions], axis=1).T @ (q - 1.0) / obs.shape[0]
        return qf_params - 0.1 * grad, noise, key

    @staticmethod
    def update_actor(actor_params, obs, key):
        key, noise_key = jax.random.split(key)
        eps = jax.random.normal(noise_key, (obs.shape[0], actor_params.shape[1]))
        return actor_params - 0.01 * obs.T @ eps, key

    @classmethod
    @partial(jax.jit, static_argnames=["cls", "gradient_steps"])
    def _train(cls, gradient_steps: int, observations, qf_params, actor_params, key):
        batch_size = observations.shape[0] // gradient_steps
        carry = {"qf_params": qf_params, "actor_params": actor_params, "key": key,
                 "noise": jnp.zeros((batch_size, actor_params.shape[1]))}

        def one_update(i: int, carry: Dict[str, Any]) -> Dict[str, Any]:
            batch_obs = jax.lax.dynamic_slice_in_dim(observations, i * batch_size, batch_size)
            qf, noise, key = cls.update_critic(carry["qf_params"], carry["actor_params"], batch_obs, carry["key"])
            actor, key = cls.update_actor(carry["actor_params"], batch_obs, key)
            return {"qf_params": qf, "actor_params": actor, "key": key, "noise": noise}

        update_carry = jax.lax.fori_loop(0, gradient_steps, one_update, carry)
        return (
            update_carry["qf_params"],
            update_carry["actor_params"],
            key,  # expect: JAX505
            update_carry["noise"],
        )

    def train(self, observations, gradient_steps=2):
        self.qf_params, self.actor_params, self.key, self.last_noise = self._train(
            gradient_steps, observations, self.qf_params, self.actor_params, self.key
        )


def run():
    model = SAC()
    observations = jnp.ones((8, 3))
    noises = []
    for _ in range(3):
        model.train(observations)
        noises.append(model.last_noise)
    # how many of the 3 train() calls replayed the noise of the first call
    return sum(int(jnp.array_equal(n, noises[0])) for n in noises[1:])
