"""Observation normalizer module that marks its running statistics as static fields.

Source: https://github.com/patrick-kidger/equinox/issues/798
The issue reports "several cases recently in which users set jax arrays as a static field
(incorrectly) which results in hard to debug results" and asks for an error. Here an RL
observation normalizer keeps `mean`/`std` arrays in `eqx.field(static=True)` so they are not
"trained"; after the statistics are refreshed the jitted policy receives a new normalizer and
jax has to compare the array-valued static fields.

Observed on jax 0.10.2: raises ValueError
"""
import equinox as eqx
import jax
import jax.numpy as jnp


class ObsNormalizer(eqx.Module):
    mean: jax.Array = eqx.field(static=True)  # expect: JAX301
    std: jax.Array = eqx.field(static=True)  # expect: JAX301

    def __call__(self, obs):
        return (obs - self.mean) / (self.std + 1e-6)


class Policy(eqx.Module):
    norm: ObsNormalizer
    w: jax.Array

    def __call__(self, obs):
        return jnp.tanh(self.norm(obs) @ self.w)


@eqx.filter_jit
def act(policy, obs):
    return policy(obs)


def refresh_stats(policy, obs_batch):
    norm = ObsNormalizer(obs_batch.mean(0), obs_batch.std(0))
    return eqx.tree_at(lambda p: p.norm, policy, norm)


def run():
    obs = jnp.ones((8, 3))
    policy = Policy(ObsNormalizer(jnp.zeros(3), jnp.ones(3)), jnp.ones((3, 2)))
    out = act(policy, obs[0])
    for _ in range(2):
        policy = refresh_stats(policy, obs)
        out = act(policy, obs[0])
    return out
