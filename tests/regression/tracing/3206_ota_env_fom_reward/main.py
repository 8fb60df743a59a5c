"""Analog-circuit RL (PureJaxRL fork): the two-stage OTA environment computes its figure-of-merit
reward with `jnp.min(1.0, jnp.max(0.0, margin))`, reading it as a clip to [0, 1]. jnp.max's
second positional parameter is `axis`, so the traced margin is passed where a static axis is
required and the jitted/vmapped environment step fails while tracing.

Source: https://github.com/kmcho2019/purejaxrl_Analog_RL/blob/c2b92c250658fa1927e6d87bc204d946ec42c8f8/purejaxrl/sjpark_two_stage_ota.py#L170
Observed on jax 0.10.x: raises ConcretizationTypeError
"""
import jax
import jax.numpy as jnp

from ota_env import EnvParams, TwoStageOTA


def run():
    env = TwoStageOTA()
    env_params = EnvParams()
    step = jax.jit(jax.vmap(env.step_env, in_axes=(0, 0, 0, None)))
    keys = jax.random.split(jax.random.PRNGKey(0), 8)
    states = jnp.zeros((8, 4))
    actions = jax.random.uniform(jax.random.PRNGKey(1), (8, 4), minval=-1.0, maxval=1.0)
    return step(keys, states, actions, env_params)
