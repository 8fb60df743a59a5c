"""Trajectory rollout helper whose static_argnums still lists a removed parameter.

Source: https://github.com/jax-ml/jax/issues/5190
The report (fixed by https://github.com/jax-ml/jax/pull/5203) was about the error raised
when static_argnums points past the positional parameters actually available; the same
message, "Jitted function has static_argnums=(0, 6), but only accepts 6 positional
arguments", is what trajectory-optimisation code hit after its signatures changed. Here the
rollout helper lost its `horizon` parameter but the jit factory still lists index 3.

Observed on jax 0.10.2: raises ValueError
"""
import jax.numpy as jnp

from rollout import make_rollout


def pendulum(x, u):
    th, om = x
    return jnp.array([th + 0.05 * om, om + 0.05 * (-9.8 * jnp.sin(th) + u[0])])


def run():
    rollout = make_rollout()
    return rollout(pendulum, jnp.zeros(2), jnp.zeros((20, 1)))
