"""Replicated train state with BatchNorm running statistics."""
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
from jax import lax


class TrainState(NamedTuple):
    step: Any
    params: Any
    model_state: Any


def sync_batch_stats(state):
    """Sync the batch statistics across replicas."""
    # An axis_name is passed to pmap which can then be used by pmean.
    # Each device has its own running averages and we average them.
    avg = jax.pmap(lambda x: lax.pmean(x, 'x'), 'x')

    new_model_state = dict(state.model_state)
    new_model_state['batch_stats'] = avg(state.model_state['batch_stats'])  # expect: JAX402
    return state._replace(model_state=new_model_state)


def replicate(tree):
    n = jax.local_device_count()
    return jax.tree_util.tree_map(lambda x: jnp.broadcast_to(x, (n,) + x.shape), tree)
