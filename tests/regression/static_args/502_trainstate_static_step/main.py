"""Training step whose TrainState and metrics are declared static (pad_shard_unpad style).

Source: https://github.com/google/flax/issues/2410
The user wrapped `train_step(state, metric, batch)` with `static_argnums=(0, 1)`; the
TrainState holds arrays (params, the PRNG key), so jit fails with "Non-hashable static
arguments are not supported ... unhashable type". Here the state NamedTuple and the metrics
dict are passed at static positions from a training driver in another module.

Observed on jax 0.10.2: raises ValueError
"""
import jax.numpy as jnp

from state import create_state
from train import fit


def run():
    state = create_state(0, 3, 1)
    batches = [(jnp.ones((8, 3)), jnp.ones((8, 1))) for _ in range(3)]
    state, metrics = fit(state, batches)
    return metrics["loss"]
