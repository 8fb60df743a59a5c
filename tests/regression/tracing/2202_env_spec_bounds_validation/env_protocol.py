"""Canonical single-environment protocol for shared RL components."""
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
        if self.action_low is None or self.action_high is None:
            return
        if self.action_low.shape != self.action_shape:
            raise ValueError(f"action_low shape must match action_shape {self.action_shape}")
        if jnp.dtype(self.action_low.dtype) != action_dtype:
            raise TypeError(f"action_low dtype must match action_dtype {action_dtype}")
        if not bool(jnp.all(self.action_low <= self.action_high)):  # expect: JAX201
            raise ValueError("continuous action bounds must satisfy action_low <= action_high elementwise")
