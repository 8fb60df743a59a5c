"""In JAX-CORL's single-file algorithms (IQL, AWAC, CQL, DT) `create_train_state` built its
own key with `rng = jax.random.PRNGKey(config.seed)` although the main script already
starts its stream from `jax.random.PRNGKey(config.seed)` and splits it for every jitted
update. The network initialisation keys therefore coincide with keys the training loop
uses for batch sampling (with partitionable threefry `split(k, 4)[1] == split(k, 2)[1]`).
PR #108 made `create_train_state` take an `rng` argument split off the main stream.

Source: https://github.com/nissymori/JAX-CORL/pull/108
Observed on jax 0.10.x: 1 of 1 calls
"""
from functools import partial

import jax
import jax.numpy as jnp

from train_state import IQLConfig, create_train_state


@partial(jax.jit, static_argnums=(3,))
def update_n_times(train_state, dataset, rng, config):
    idx = []
    for _ in range(config.n_jitted_updates):
        rng, subkey = jax.random.split(rng)
        batch_indices = jax.random.randint(subkey, (config.batch_size,), 0, dataset.shape[0])
        idx.append(batch_indices)
    return train_state, jnp.stack(idx)


def run():
    config = IQLConfig()
    rng = jax.random.PRNGKey(config.seed)
    observations = jnp.ones((100, 6))
    actions = jnp.ones((100, 2))
    train_state = create_train_state(observations[0], actions[0], config)
    rng, subkey = jax.random.split(rng)
    train_state, _ = update_n_times(train_state, observations, subkey, config)
    # the first data-sampling key of the loop is the very key that initialised the actor
    w1 = train_state.actor["w1"]
    k1, _ = jax.random.split(subkey)
    same = jnp.allclose(jax.random.normal(k1, w1.shape) / jnp.sqrt(w1.shape[0]), w1)
    return int(bool(same))
