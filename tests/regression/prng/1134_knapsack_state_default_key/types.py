"""Knapsack state (jumanji/environments/packing/knapsack/types.py, early 2023)."""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class State(NamedTuple):
    """
    weights: array of weights of the items.
    values: array of values of the items.
    packed_items: binary mask denoting which items are already packed into the knapsack.
    remaining_budget: the budget currently remaining.
    """

    weights: jnp.ndarray  # (num_items,)
    values: jnp.ndarray  # (num_items,)
    packed_items: jnp.ndarray  # (num_items,)
    remaining_budget: jnp.ndarray  # ()
    key: jax.Array = jax.random.PRNGKey(0)  # expect: JAX502,JAX503


class TimeStep(NamedTuple):
    reward: jnp.ndarray
    done: jnp.ndarray
