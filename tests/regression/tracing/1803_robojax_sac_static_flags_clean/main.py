"""robojax's SAC agent jits `update_parameters` as a method with `self`, `update_actor` and
`update_target` in static_argnames, and branches with plain Python `if update_target:` /
`if update_actor:` / `if self.cfg.learnable_temp:`. The flags come from the training loop's
step counter modulo fixed frequencies, so they are Python bools with two values each and the
method compiles at most a handful of times. Clean look-alike: Python ifs inside a jitted method,
but every condition is a static hashable value.

Source: https://github.com/StoneT2000/robojax/blob/55057a6849d2a5d767c0bdef59c49fda6175b2f2/robojax/agents/sac/sac.py#L337
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp

from sac import SAC, SACConfig


def run():
    agent = SAC(SACConfig())
    ac = dict(actor=jnp.zeros(()), critic=jnp.ones(()), target_critic=jnp.ones(()), temp=jnp.array(0.1))
    batch = dict(obs=jnp.ones((8, 3)), reward=jnp.ones(8), done=jnp.zeros(8), next_q=jnp.ones(8))
    rng = jax.random.PRNGKey(0)
    for training_steps in range(6):
        rng, key = jax.random.split(rng)
        update_actor = training_steps % agent.cfg.actor_update_freq == 0
        update_target = training_steps % agent.cfg.target_update_freq == 0
        ac, aux = agent.update_parameters(key, ac, batch, update_actor, update_target)
    return float(ac["critic"])
