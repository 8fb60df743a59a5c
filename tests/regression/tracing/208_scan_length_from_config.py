"""Rollout horizon read from a config NamedTuple passed through jit.

Source: https://github.com/jax-ml/jax/pull/23228
"improve `scan` error message on non-concrete `length` argument": passing a
jit argument as `lax.scan(..., length=n)` fails with ConcretizationTypeError
("The `length` argument to `scan` expects a concrete `int` value"). Here the
horizon is a field of a NamedTuple config that the training code passes to a
jitted rollout, so the integer becomes a traced leaf.

Observed on jax 0.10.2: raises ConcretizationTypeError
"""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class RolloutConfig(NamedTuple):
    horizon: int
    dt: float


@jax.jit
def rollout(cfg, x0):
    def step(x, _):
        x = x + cfg.dt * (-x)
        return x, x

    _, traj = jax.lax.scan(step, x0, None, length=cfg.horizon)  # expect: JAX202
    return traj


def run():
    return rollout(RolloutConfig(horizon=16, dt=0.1), jnp.ones(3))
