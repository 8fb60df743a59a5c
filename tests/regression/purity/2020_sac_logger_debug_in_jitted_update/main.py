"""Soft actor-critic agent logs its losses for plotting from inside jitted updates.

The agent's `__init__` wraps its update methods with `jax.jit(self._update_value)` (jitting is
on by default; a comment says to disable it "to log stuff from inside functions when
debugging"). `_update_value` ends with `logger.debug('value_loss ' + f'{value_loss}')`, and a
DEBUG file handler collects these lines so that plot.py can draw the training curves. Under jit
the logging call runs only while tracing, so the plot file receives a single line holding a
tracer repr and nothing for the following learner steps. run() returns how many of three
learner steps produced a value_loss record.

Source: https://github.com/cyrille-kone/soft-actor-critic-jax/blob/7e77015fe0b2555aa5ea430666a0da0f3a8e6cf7/sac_agent.py#L185
Observed on jax 0.10.x: 1 of 3 calls
"""
import jax
import jax.numpy as jnp

from sac_agent import SACAgent
from utils import plot_records


def run():
    agent = SACAgent(jax.random.PRNGKey(0))
    batch_state = jnp.ones((8, 3))
    before = len(plot_records.lines)
    for step in range(3):
        agent.learner_step(batch_state, jnp.full((8, 1), float(step)))
    return len(plot_records.lines) - before
