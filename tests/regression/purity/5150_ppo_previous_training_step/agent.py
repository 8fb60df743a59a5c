from functools import partial
from typing import ClassVar, NamedTuple

import jax
import jax.experimental  # noqa: F401  (io_callback)
import jax.numpy as jnp
from jax import lax


class AgentConfig(NamedTuple):
    n_steps: int = 8
    eval_frequency: int = 4
    batch_size: int = 2


class PPOAgentBase:
    """Jitted methods treat 'self' as static (Strategy 2 of the JAX FAQ)."""

    agent_trained: ClassVar[bool] = False
    # The maximum step reached in previous training. Zero by default for a new training. Will be set by
    # restoring or passing a trained agent (from serial training or restoring)
    previous_training_max_step: ClassVar[int] = 0

    def __init__(self, config: AgentConfig, eval_during_training: bool = True):
        self.config = config
        self.eval_during_training = eval_during_training
        self.checkpoint_steps = []

    def _checkpoint_base(self, i_training_step):
        self.checkpoint_steps.append(int(i_training_step))

    def _update_step(self, i, params):
        return params + 0.1

    @partial(jax.jit, static_argnums=(0,))
    def train(self, rng, params):
        rng, _ = jax.random.split(rng)
        if self.eval_during_training:
            # Checkpoint initial state, numbered after the previous training
            start_step = jnp.asarray(self.previous_training_max_step)  # expect: JAX108
            jax.experimental.io_callback(self._checkpoint_base, None, start_step)
        params = lax.fori_loop(0, self.config.n_steps, self._update_step, params)
        return params, self.config.n_steps + self.previous_training_max_step

    def collect_training(self, runner=None, previous_training_max_step: int = 0):
        self.agent_trained = True
        self.previous_training_max_step = previous_training_max_step
        self.training_runner = runner
