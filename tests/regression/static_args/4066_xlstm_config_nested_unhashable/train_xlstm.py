import functools

import jax
import jax.numpy as jnp

from configs import xLSTMLMModelConfig


def init_xlstm_params(config, key):
    keys = jax.random.split(key, config.num_blocks + 1)
    return {
        "embedding": jax.random.normal(keys[0], (config.vocab_size, config.embedding_dim)),
        "blocks": [jax.random.normal(k, (config.embedding_dim, config.embedding_dim)) for k in keys[1:]],
    }


@functools.partial(
    jax.jit,
    static_argnames=("config", "seed", "mesh", "dtype"),
)
def _create_sharded_model(config: xLSTMLMModelConfig, seed: int, mesh=None, dtype=jnp.float32):
    params = init_xlstm_params(config, jax.random.PRNGKey(seed))
    return jax.tree_util.tree_map(lambda p: p.astype(dtype), params)
