"""The follow-up commit of the DQV thesis agent ("def some lambdas to avoid jit
recompilation each time"): the masking callbacks that `train_module_jit` takes at a
static position are now module-level functions, mask_v_estimates and
mask_q_estimates, passed by name on every training step. The static arguments (network
objects, the optax optimizer, the loss function and the mask) are the same objects on
each step, so after one compile for the V update and one for the Q update every later
step hits the jit cache.

Source: https://github.com/xqz-u/dopamine/blob/8140edda4fb66164b2e0a99aff4f0284eafa8de7/thesis/jax/agents/dqv_agent.py#L269
Observed on jax 0.10.x: train_module compiled 2 times
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
