"""Continuous canonical action normalization wrapper."""
from __future__ import annotations

import jax
import jax.numpy as jnp

from env_protocol import EnvSpec


def _normalized_spec(spec: EnvSpec) -> EnvSpec:
    action_dtype = jnp.dtype(spec.action_dtype)
    return EnvSpec(
        id=spec.id,
        observation_shape=tuple(spec.observation_shape),
        action_shape=tuple(spec.action_shape),
        observation_dtype=jnp.dtype(spec.observation_dtype),
        action_dtype=action_dtype,
        action_low=jnp.full(spec.action_shape, -1.0, dtype=action_dtype),
        action_high=jnp.full(spec.action_shape, 1.0, dtype=action_dtype),
    )


def _denormalize_action(action: jax.Array, spec: EnvSpec) -> jax.Array:
    center = (spec.action_low + spec.action_high) / 2.0
    half_range = (spec.action_high - spec.action_low) / 2.0
    return center + action * half_range


class ActionNormalizationWrapper:
    def __init__(self, env) -> None:
        self._env = env

    def spec(self, params=None) -> EnvSpec:
        return _normalized_spec(self._env.spec(params))

    def step(self, key, state, action, params=None):
        native_action = _denormalize_action(action, self._env.spec(params))
        return self._env.step(key, state, native_action, params)
