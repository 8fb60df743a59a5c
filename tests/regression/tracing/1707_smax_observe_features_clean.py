"""SMAX (JaxMARL's StarCraft-like env) normalises the previous attack action of unit j in
`_observe_features`, a method jitted with `static_argnums=(0,)`. The normaliser is chosen
with `jax.lax.cond(j_idx < self.num_allies, lambda: float(self.num_ally_actions - 1),
lambda: float(self.num_enemy_actions - 1))` and team membership with
`(i >= self.num_allies).astype(jnp.int32)`. The `float(...)` calls only see Python ints
stored on the static env object, and the traced comparison goes through lax.cond and
astype, not through Python truthiness: this jits fine.

Source: https://github.com/FLAIROx/JaxMARL/blob/c793d095618c6d3edfb5632802348f57b70a4b94/jaxmarl/environments/smax/smax_env.py
Observed on jax 0.10.x: runs
"""
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp


class State(NamedTuple):
    unit_health: jax.Array
    unit_positions: jax.Array
    unit_types: jax.Array
    prev_attack_actions: jax.Array


class SMAX:
    def __init__(self, num_allies=3, num_enemies=3):
        self.num_allies = num_allies
        self.num_enemies = num_enemies
        self.num_agents = num_allies + num_enemies
        self.num_ally_actions = num_enemies + 5
        self.num_enemy_actions = num_allies + 5
        self.unit_type_health = jnp.array([45.0, 35.0])
        self.unit_type_sight_ranges = jnp.array([9.0, 9.0])

    @partial(jax.jit, static_argnums=(0,))
    def _observe_features(self, state: State, i: jax.Array, j_idx: jax.Array):
        team_i_idx = (i >= self.num_allies).astype(jnp.int32)
        team_j_idx = (j_idx >= self.num_allies).astype(jnp.int32)
        features = jnp.zeros((4,))
        features = features.at[0].set(
            state.unit_health[j_idx] / self.unit_type_health[state.unit_types[j_idx]])
        features = features.at[1:3].set(
            (state.unit_positions[j_idx] - state.unit_positions[i])
            / self.unit_type_sight_ranges[state.unit_types[i]])
        max_j_action = jax.lax.cond(
            j_idx < self.num_allies,
            lambda: float(self.num_ally_actions - 1),
            lambda: float(self.num_enemy_actions - 1),
        )
        attack_obs = jax.lax.select(
            team_i_idx == team_j_idx,
            state.prev_attack_actions[j_idx].astype(jnp.float32) / max_j_action,
            0.0,
        )
        return features.at[3].set(attack_obs)


def run():
    env = SMAX()
    state = State(unit_health=jnp.full((6,), 30.0), unit_positions=jnp.ones((6, 2)),
                  unit_types=jnp.array([0, 1, 0, 1, 0, 1]),
                  prev_attack_actions=jnp.arange(6))
    obs = jax.vmap(lambda j: env._observe_features(state, jnp.int32(0), j))(jnp.arange(6))
    assert obs.shape == (6, 4)
