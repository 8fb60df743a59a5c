"""andnp/jax-research-template after "fix: make canonical env bounds validation jit-safe": EnvSpec's
__post_init__ keeps only checks on Python metadata (num_actions, the action dtype, whether the bounds are
None) and no longer looks at the values of action_low/action_high. The spec is still rebuilt inside the
jitted rollout (inside a lax.scan body) with jnp.full bounds; every `if` in __post_init__ is decided by
concrete Python values, so tracing succeeds and the rollout compiles once.

Source: https://github.com/andnp/jax-research-template/blob/69b320e1660edd3e9ac12f83a1fa9e531357c9b4/libs/rl-components/src/rl_components/env_protocol.py#L25
Observed on jax 0.10.x: rollout compiled 1 times
"""
from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp


@dataclass(frozen=True)
class EnvSpec:
    id: str
    observation_shape: tuple[int, ...]
    action_shape: tuple[int, ...]
    observation_dtype: jnp.dtype = jnp.float32
    action_dtype: jnp.dtype = jnp.int32
    num_actions: int | None = None
    action_low: jax.Array | None = None
    action_high: jax.Array | None = None

    def __post_init__(self) -> None:
        action_dtype = jnp.dtype(self.action_dtype)
        if self.num_actions is not None:
            if self.num_actions <= 0:
                raise ValueError(f"num_actions must be positive, got {self.num_actions}")
            return
        if not jnp.issubdtype(action_dtype, jnp.floating):
            raise TypeError(f"continuous action spaces must use a floating-point action_dtype, got {action_dtype}")
        if (self.action_low is None) != (self.action_high is None):
            raise ValueError("continuous action bounds require both action_low and action_high")


def normalized_spec(action_shape) -> EnvSpec:
    return EnvSpec(
        id="fake-canonical-continuous",
        observation_shape=(3,),
        action_shape=action_shape,
        action_dtype=jnp.float32,
        action_low=jnp.full(action_shape, -1.0, dtype=jnp.float32),
        action_high=jnp.full(action_shape, 1.0, dtype=jnp.float32),
    )


@jax.jit
def rollout(key, state):
    def body(state, k):
        spec = normalized_spec((2,))
        action = jax.random.uniform(k, spec.action_shape, minval=spec.action_low, maxval=spec.action_high)
        return state + action.sum(), action

    state, actions = jax.lax.scan(body, state, jax.random.split(key, 4))
    return state, actions


def run():
    state = jnp.zeros((), dtype=jnp.float32)
    for i in range(3):
        state, _ = rollout(jax.random.PRNGKey(i), state)
    return 0


if __name__ == "__main__":
    run()
