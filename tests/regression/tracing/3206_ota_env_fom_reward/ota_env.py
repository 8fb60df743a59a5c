from typing import NamedTuple

import jax
import jax.numpy as jnp


class EnvParams(NamedTuple):
    out0_denormalize: tuple = (0.0, 1.0)
    out1_denormalize: tuple = (0.0, 1.0)
    out2_denormalize: tuple = (0.0, 1.0)
    out0_constraints: tuple = (1.0, 1.0)
    out1_constraints: tuple = (2.0, 1.0)
    out2_constraints: tuple = (0.5, 1.0)
    max_steps_in_episode: int = 10


class TwoStageOTA:
    """Surrogate-model circuit-sizing env: a small MLP predicts the amplifier's outputs."""

    def __init__(self, n_vars=4, n_out=4):
        k1, _ = jax.random.split(jax.random.PRNGKey(0))
        self.model_params = {"w": jax.random.normal(k1, (n_vars, n_out)) * 0.1}

    def model_apply(self, params, x):
        return jnp.tanh(x @ params["w"])

    def compute_reward(self, model_output, params: EnvParams) -> float:
        # Uses FoM metric for reward
        out0 = model_output[0] * jnp.sqrt(params.out0_denormalize[1]) + params.out0_denormalize[0]
        out1 = model_output[1] * jnp.sqrt(params.out1_denormalize[1]) + params.out1_denormalize[0]
        out2 = model_output[2] * jnp.sqrt(params.out2_denormalize[1]) + params.out2_denormalize[0]
        out3 = model_output[3]
        accum = 0.0
        accum += 1 * jnp.min(1.0, jnp.max(0.0, (params.out0_constraints[0] - out0) / params.out0_constraints[0]))  # expect: JAX204
        accum += 1 * jnp.min(1.0, jnp.max(0.0, (params.out1_constraints[0] - out1) / params.out1_constraints[0]))
        accum += 1 * jnp.min(1.0, jnp.max(0.0, (out2 - params.out2_constraints[0]) / params.out2_constraints[0]))
        accum += 1 * out3  # no constraints on this output as this is power and smaller is always better
        FoM = accum
        reward = -1 * FoM  # We want to minimize FoM
        return reward

    def step_env(self, key, state, action, params: EnvParams):
        output = self.model_apply(self.model_params, state)
        reward = self.compute_reward(output, params)
        next_state = action
        return jax.lax.stop_gradient(next_state), reward
