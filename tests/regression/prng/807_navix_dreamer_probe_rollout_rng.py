"""navix: Dreamer's return-normalisation probe and the actor scan share one key.

Source: https://github.com/epignatelli/navix/commit/ad2760151bd45eaaec9b4294b853c5c6c56af707
(navix, "fix: split off a dedicated PRNG key for the return-norm probe rollout").

`Dreamer.update()` passed `rng` unsplit into the return-normalisation probe
rollout (`_actor_critic_rollout`) and then "reused the same rng as the seed for
the actor_step scan's carry a few lines later -- the probe's imagined
trajectory and the first actor gradient step's stochasticity ... were drawn
from identical randomness instead of independent draws." The fix splits off
`key_probe`. World model and networks trimmed to linear maps; imagination
samples categorical actions as in the agent.

`actor_step` also splits the `rng` its rollout's scan has already split
(`rng, key = split(rng)` in `imagine`): the next step's rollout starts from the
key the previous rollout drew its second action with (the first marked line).

Observed on jax 0.10.2: 3 of 3 calls
"""
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp


class TrainState(NamedTuple):
    actor: jax.Array
    critic: jax.Array


class Dreamer:
    def __init__(self, feat_dim=8, num_actions=4, horizon=6, actor_steps=2):
        self.feat_dim, self.num_actions = feat_dim, num_actions
        self.horizon, self.actor_steps = horizon, actor_steps

    def _actor_critic_rollout(self, model_params, actor_params, start_feats, rng):
        def imagine(carry, _):
            feats, rng = carry
            rng, key = jax.random.split(rng)
            actions = jax.random.categorical(key, feats @ actor_params)
            feats = jnp.tanh(feats @ model_params + jax.nn.one_hot(actions, self.num_actions) @ model_params[: self.num_actions])
            return (feats, rng), (feats, actions)

        _, (feats, actions) = jax.lax.scan(imagine, (start_feats, rng), None, length=self.horizon)
        rewards = feats.mean(-1)
        return actions, feats, rewards

    @partial(jax.jit, static_argnums=0)
    def update(self, model_params, ts: TrainState, start_feats, rng):
        # Return-normalization scale from a quick lambda-return estimate
        probe_actions, probe_feats, probe_rews = self._actor_critic_rollout(
            model_params, ts.actor, start_feats, rng
        )
        scale = jnp.maximum(jnp.percentile(probe_rews, 95) - jnp.percentile(probe_rews, 5), 1.0)

        def actor_step(carry, _):
            ts, rng = carry
            actions, feats, rews = self._actor_critic_rollout(model_params, ts.actor, start_feats, rng)
            rng, _ = jax.random.split(rng)  # expect: JAX501
            grad = start_feats.T @ jax.nn.one_hot(actions[0], self.num_actions) * rews.mean() / scale
            return (ts._replace(actor=ts.actor + 1e-2 * grad), rng), actions

        (ts, _), actor_actions = jax.lax.scan(
            actor_step, (ts, rng), None, length=self.actor_steps  # expect: JAX501
        )
        return ts, probe_actions, actor_actions


def run():
    agent = Dreamer()
    key = jax.random.PRNGKey(0)
    k_model, k_feats, key = jax.random.split(key, 3)
    model_params = 0.3 * jax.random.normal(k_model, (agent.feat_dim, agent.feat_dim))
    ts = TrainState(actor=jnp.zeros((agent.feat_dim, agent.num_actions)), critic=jnp.zeros(agent.feat_dim))
    start_feats = jax.random.normal(k_feats, (16, agent.feat_dim))
    coincide = 0
    for _ in range(3):
        key, rng = jax.random.split(key)
        ts, probe_actions, actor_actions = agent.update(model_params, ts, start_feats, rng)
        # did the first actor step imagine exactly the probe's action sequence
        coincide += int(jnp.array_equal(probe_actions, actor_actions[0]))
    return coincide
