"""IPPO agent of a JAX RL library: the jitted `_training_step` (scanned over training batches by
`train`) computes how many update steps remain in this batch from the traced batch counter,
`jnp.clip(n_steps - n_steps // eval_frequency * i_training_batch, 1, eval_frequency)`, and runs
them with `lax.fori_loop(0, n_training_steps, self._update_step, runner)`. A traced trip count is
what `fori_loop` lowers to a `while_loop` for: nothing is unrolled at trace time, and `self` is a
static argument that is never modified.

Source: https://github.com/amavrits/jax-agents/blob/f0640392afba15651ec9057bb300330f4c2c1eb7/jaxagents/ippo.py#L998-L1026
Observed on jax 0.10.x: train compiled 1 times
"""
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import lax


class AgentConfig(NamedTuple):
    n_steps: int = 10
    eval_frequency: int = 4


class IPPOAgent:
    def __init__(self, config: AgentConfig):
        self.config = config

    def _update_step(self, i, update_runner):
        params, n_updates = update_runner
        return params - 0.01 * jnp.tanh(params), n_updates + 1

    @partial(jax.jit, static_argnums=(0,))
    def _training_step(self, update_runner, i_training_batch):
        n_training_steps = self.config.n_steps - self.config.n_steps // self.config.eval_frequency * i_training_batch
        n_training_steps = jnp.clip(n_training_steps, 1, self.config.eval_frequency)

        update_runner = lax.fori_loop(0, n_training_steps, self._update_step, update_runner)
        metrics = {"n_updates": update_runner[1]}
        return update_runner, metrics

    @partial(jax.jit, static_argnums=(0,))
    def train(self, params):
        n_training_batches = self.config.n_steps // self.config.eval_frequency
        runner, metrics = lax.scan(
            self._training_step,
            (params, jnp.zeros((), jnp.int32)),
            jnp.arange(n_training_batches),
            n_training_batches,
        )
        return runner, metrics


def run():
    agent = IPPOAgent(AgentConfig())
    runner, metrics = agent.train(jnp.ones(4))
    runner, metrics = agent.train(runner[0])
    return None
