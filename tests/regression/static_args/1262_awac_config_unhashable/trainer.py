from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp

from config import AWACConfig


class Transition(NamedTuple):
    observations: jnp.ndarray
    rewards: jnp.ndarray


class AWACTrainer(NamedTuple):
    critic: jnp.ndarray
    target_critic: jnp.ndarray

    def update_critic(agent, batch: Transition, config: AWACConfig):
        q = batch.observations @ agent.critic
        target = batch.rewards + config.discount * (batch.observations @ agent.target_critic)
        grad = batch.observations.T @ (q - jax.lax.stop_gradient(target)) / q.shape[0]
        return agent._replace(critic=agent.critic - 1e-2 * grad)

    @partial(jax.jit, static_argnums=(3,))
    def update_n_times(agent, dataset: Transition, rng, config: AWACConfig):
        for _ in range(config.n_jitted_updates):
            rng, batch_rng = jax.random.split(rng)
            idx = jax.random.randint(batch_rng, (config.batch_size,), 0, dataset.observations.shape[0])
            batch = jax.tree_util.tree_map(lambda x: x[idx], dataset)
            agent = agent.update_critic(batch, config)
        tgt = (1 - config.tau) * agent.target_critic + config.tau * agent.critic
        return agent._replace(target_critic=tgt)
