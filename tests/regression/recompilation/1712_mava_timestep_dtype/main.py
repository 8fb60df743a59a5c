"""Mava's Anakin systems compile `learn_fn` twice. The culprit is the timestep carried in the
learner state: the episode-metrics wrapper starts episodes with Python scalars
(`episode_return = 0.0`, `episode_length = 0`) while `step` produces float32/int32 arrays.
The first `learn(learner_state)` sees weakly typed scalars in the pytree, every later call
sees strongly typed arrays, so the signature changes once and the whole learner is traced
and compiled again. The fix was explicit jax dtypes in the metrics wrapper.

Source: https://github.com/instadeepai/Mava/issues/1086
Observed on jax 0.10.x: learn compiled 2 times
"""
from typing import NamedTuple

import jax
import jax.numpy as jnp

from wrappers import RecordEpisodeMetrics, TimeStep, ToyEnv


class LearnerState(NamedTuple):
    params: jnp.ndarray
    env_state: jnp.ndarray
    timestep: TimeStep


def get_learner_fn(env):
    def _env_step(learner_state, _):
        params, env_state, timestep = learner_state
        action = jnp.tanh(params * timestep.observation)
        metrics = timestep.extras["episode_metrics"]
        env_state, timestep = env.step(env_state, action, metrics)
        return LearnerState(params, env_state, timestep), timestep.reward

    def learn(learner_state):
        learner_state, rewards = jax.lax.scan(_env_step, learner_state, None, length=8)
        params = learner_state.params + 1e-3 * jnp.mean(rewards)
        return learner_state._replace(params=params), jnp.mean(rewards)

    return jax.jit(learn)


def run():
    env = RecordEpisodeMetrics(ToyEnv())
    env_state, timestep = env.reset(jax.random.PRNGKey(0))
    learn = get_learner_fn(env)
    learner_state = LearnerState(jnp.ones((4,)), env_state, timestep)
    for update in range(3):
        learner_state, loss = learn(learner_state)  # expect: JAX406
    return None
