"""Knapsack environment (jumanji/environments/packing/knapsack/env.py, trimmed)."""
import jax
import jax.numpy as jnp

from .types import State, TimeStep


class Knapsack:
    def __init__(self, num_items=10, total_budget=2.5):
        self.num_items = num_items
        self.total_budget = total_budget

    def reset(self, key):
        """key: used to randomly generate the weights and values of the items."""
        weights, values = jax.random.uniform(key, (2, self.num_items), minval=0, maxval=1)
        state = State(
            weights=weights,
            values=values,
            packed_items=jnp.zeros(self.num_items, dtype=bool),
            remaining_budget=jnp.array(self.total_budget, float),
        )
        return state, TimeStep(reward=jnp.zeros(()), done=jnp.array(False))

    def step(self, state, action):
        item_fits = state.remaining_budget >= state.weights[action]
        is_valid = item_fits & ~state.packed_items[action]
        next_state = state._replace(
            packed_items=state.packed_items.at[action].set(state.packed_items[action] | is_valid),
            remaining_budget=state.remaining_budget - jnp.where(is_valid, state.weights[action], 0.0),
        )
        reward = jnp.where(is_valid, state.values[action], 0.0)
        return next_state, TimeStep(reward=reward, done=~is_valid)
