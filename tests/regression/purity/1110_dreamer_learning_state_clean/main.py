"""Clean look-alike: Dreamer's jitted update returns the new learning states.

Source: https://github.com/world-modelz/dreamax/issues/14 (resolved by going back to
the ``learning_states`` layout, see https://github.com/world-modelz/dreamax/commit/1ff8933662a414dce6e42d2d1267e98b0f0f92ec)

``_update`` takes (model_state, critic_state) as arguments and returns the new
ones; ``Dreamer.update`` assigns them to the agent outside the trace. Copying the
parameters afterwards works and reflects the optimizer step.

Observed on jax 0.10.2: runs
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
    agent.update(batch, k_upd)
    master_params = jax.tree_util.tree_map(jnp.copy, agent.params)
    return jax.block_until_ready(master_params)
