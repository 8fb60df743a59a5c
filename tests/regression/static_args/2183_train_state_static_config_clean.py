"""tensorf-jax keeps its whole `TensorfConfig` as a static field of the jitted
`TrainState` (`config: jdc.Static[train_config.TensorfConfig]`) and passes it as a static
argument to `TrainState.initialize`. The config is a `@dataclasses.dataclass(frozen=True)`
whose sequence fields are tuples (`upsamp_iters: Tuple[int, ...] = (2000, 3000, ...)`), so
it hashes by value: re-creating an equal config (e.g. after reading it back from the
experiment metadata) hits the cache instead of recompiling.

Source: https://github.com/brentyi/tensorf-jax/blob/cbfa324d54d379ba20b8fdb28b720945c5414723/tensorf/train_config.py#L15
Observed on jax 0.10.x: initialize compiled 1 times
"""
import dataclasses
import functools
from typing import Tuple

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class OptimizerConfig:
    lr_init_tensor: float = 0.02
    lr_init_mlp: float = 1e-3


@dataclasses.dataclass(frozen=True)
class TensorfConfig:
    initial_aabb_min: Tuple[float, float, float] = (-1.5, -1.5, -1.5)
    initial_aabb_max: Tuple[float, float, float] = (1.5, 1.5, 1.5)
    appearance_feat_dim: int = 8
    density_feat_dim: int = 4
    optimizer: OptimizerConfig = dataclasses.field(default_factory=OptimizerConfig)
    grid_dim_init: int = 16
    grid_dim_final: int = 32
    upsamp_iters: Tuple[int, ...] = (2000, 3000, 4000, 5500, 7000)


@functools.partial(jax.jit, static_argnames=("config", "grid_dim"))
def initialize(config: TensorfConfig, grid_dim: int, prng_key):
    prng_keys = jax.random.split(prng_key, 2)
    return {
        "density": 0.1 * jax.random.normal(prng_keys[0], (config.density_feat_dim, grid_dim, grid_dim)),
        "appearance": 0.1 * jax.random.normal(prng_keys[1], (config.appearance_feat_dim, grid_dim, grid_dim)),
        "aabb": jnp.array([config.initial_aabb_min, config.initial_aabb_max]),
    }


def run():
    config = TensorfConfig()
    state = initialize(config, config.grid_dim_init, jax.random.PRNGKey(94709))
    for _ in range(3):
        restored = TensorfConfig(**dataclasses.asdict(config) | {"optimizer": OptimizerConfig()})
        state = initialize(restored, restored.grid_dim_init, jax.random.PRNGKey(94709))
