"""Dreamer's jitted update writes new params into dicts on the agent: leaked tracers.

Source: https://github.com/world-modelz/dreamax/issues/14
(code of https://github.com/world-modelz/dreamax/commit/7f1c3e397a4e27b8368c6c947655bb6b87d530e5)

After moving parameter handling into the agent, ``Dreamer.update`` (a
``jax.jit`` with ``static_argnums=0``) assigns
``self.params['model'], self.opt_state['model'] = self.grad_step(...)``. The
values stored in those dicts are tracers of the update trace; ``train.py`` then
copies ``train_agent.params`` to the actor and crashes with "A function
transformed by JAX had a side effect ... The leaked intermediate value was
created on line ... select_tree". Here one update is run and the parameters are
snapshotted with ``jnp.copy`` the way the driver does.

Observed on jax 0.10.2: raises UnexpectedTracerError
"""
import jax
import jax.numpy as jnp

from dreamer import Dreamer


def run():
    agent = Dreamer(obs_dim=6, key=jax.random.key(0))
    k_obs, k_next, k_rew, k_upd = jax.random.split(jax.random.key(1), 4)
    batch = {
        "obs": jax.random.normal(k_obs, (32, 6)),
        "next_obs": jax.random.normal(k_next, (32, 6)),
        "reward": jax.random.normal(k_rew, (32,)),
    }
    report = agent.update(batch, k_upd)
    jax.block_until_ready(report)
    master_params = jax.tree_util.tree_map(jnp.copy, agent.params)
    return master_params
