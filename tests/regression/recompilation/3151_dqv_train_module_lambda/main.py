"""A thesis reimplementation of DQV on top of dopamine jits a shared `train_module`
with the network, optimizer, loss and a masking `callback` marked static
(static_argnums=(0, 3, 5, 7)). The agent's training step passes the callback as a
lambda written inline in the call, so every training step hands jit a brand-new
function object at a static position: the cache misses and both V and Q updates are
retraced and recompiled on every step. The author's next commit ("def some lambdas to
avoid jit recompilation each time") replaced the lambdas with module-level functions.

Source: https://github.com/xqz-u/dopamine/blob/4fd1970d9dbc4b3ebfc742235850d681ba3b0b73/thesis/jax/agents/dqv_agent.py#L255
Observed on jax 0.10.x: train_module compiled 6 times
"""
import numpy as onp
from jax import numpy as jnp

from .dqv_agent import JaxDQVAgent


def run():
    agent = JaxDQVAgent(n_actions=2, obs_dim=4)
    rng = onp.random.default_rng(0)
    for _ in range(3):
        replay_elements = {
            "state": rng.uniform(size=(8, 4)).astype(onp.float32),
            "action": rng.integers(0, 2, size=(8,)),
        }
        td_error = jnp.asarray(rng.uniform(size=(8,)).astype(onp.float32))
        agent._train_step(replay_elements, td_error)
    return 0
