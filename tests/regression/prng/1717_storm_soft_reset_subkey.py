"""In JaxMARL's STORM environment the in-step soft reset draws a new spawn for the players:
`key, subkey = jax.random.split(key)`, then `agent_pos = jax.random.choice(subkey,
AGENT_SPAWNS, ...)` and, on the next line, `player_dir = jax.random.randint(subkey, ...)`
with the same subkey. The spawn index and the facing direction come from one key, so they
are not independent draws: whenever two soft resets pick the same spawn they also pick
the same directions.

Source: https://github.com/FLAIROx/JaxMARL/blob/c793d095618c6d3edfb5632802348f57b70a4b94/jaxmarl/environments/storm/storm_env.py
Observed on jax 0.10.x: 1 of 1 calls
"""
import jax
import jax.numpy as jnp

AGENT_SPAWNS = jnp.array([[[0, 0], [0, 1]], [[4, 4], [4, 3]], [[0, 4], [1, 4]], [[4, 0], [3, 0]]])
num_agents = 2


@jax.jit
def soft_reset_positions(key):
    key, subkey = jax.random.split(key)
    agent_pos = jax.random.choice(subkey, AGENT_SPAWNS, shape=(), replace=False)
    player_dir = jax.random.randint(  # expect: JAX501
        subkey, shape=(num_agents,), minval=0, maxval=3, dtype=jnp.int8
    )
    sft_re_player_pos = jnp.array(
        [agent_pos[:num_agents, 0], agent_pos[:num_agents, 1], player_dir]
    ).T
    return key, sft_re_player_pos


def run():
    key = jax.random.PRNGKey(0)
    _, subkey = jax.random.split(key)
    _, pos = soft_reset_positions(key)
    # the directions are a deterministic function of the key that also picked the spawn
    expected_dir = jax.random.randint(subkey, (num_agents,), 0, 3, dtype=jnp.int8)
    return int(bool(jnp.all(pos[:, 2] == expected_dir)))
