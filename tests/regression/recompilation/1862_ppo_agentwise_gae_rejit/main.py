"""A multi-agent PPO agent (TensorNets/APP) computes per-agent advantages in
``update()`` by building ``agent_wise_gae = jax.jit(jax.vmap(self.gae_advantages))``
right there, then calling it. ``update()`` runs after every rollout, and each
call wraps a brand-new vmap object in a brand-new jit, so the whole GAE
computation is retraced and recompiled on every update although the rollout
shapes never change (the inner ``gae_advantages`` is already jitted with
``static_argnums=0``, which does not help the fresh outer wrapper).

Source: https://github.com/Mo379/TensorNets/blob/17db57463a315afc91631f998a71aad6def67558/APP/src/ppo_.py#L133
Observed on jax 0.10.x: gae_advantages compiled 5 times
"""
import numpy as np

from .ppo import PPO


def run():
    agent = PPO()
    rng = np.random.default_rng(0)
    for _ in range(5):
        agent.collect(rng)
        agent.update()
