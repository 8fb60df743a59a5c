"""A PPO base class (jax-agents) jits its methods with `static_argnums=(0,)`, i.e. `self` is a
static argument hashed by identity. `train` reads `self.previous_training_max_step` to number the
checkpoints of a continued training; the attribute is set afterwards by `collect_training` when a
trained/restored agent is passed back in. The second `train` call on the same agent hits the jit
cache (same `self`), so the checkpoint step stays at the stale value 0 that was baked in at the
first trace, and the continued training overwrites the checkpoints of the first run.

Source: https://github.com/amavrits/jax-agents/blob/f0640392afba15651ec9057bb300330f4c2c1eb7/jaxagents/ppo.py#L1060
Observed on jax 0.10.x: train compiled 1 times; 1 of 1 calls
"""
import jax
import jax.experimental  # noqa: F401
import jax.numpy as jnp

from .agent import AgentConfig, PPOAgentBase


def run():
    agent = PPOAgentBase(AgentConfig())
    rng = jax.random.PRNGKey(0)
    params, last_step = agent.train(rng, jnp.zeros(3))
    agent.collect_training(params, previous_training_max_step=int(last_step))
    # continue training from the collected agent
    params, last_step = agent.train(rng, params)
    jax.effects_barrier()
    stale = int(agent.checkpoint_steps[-1] != agent.previous_training_max_step)
    return stale
