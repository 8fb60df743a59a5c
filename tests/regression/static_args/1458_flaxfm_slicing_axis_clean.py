"""flax-fm utils: `slicing(x, index, axis)` is jitted with `static_argnums=2` so the
take axis is a compile-time int; the training config is a frozen dataclass
(a `flax.struct.dataclass` in the repository) created once at import. The static argument is a small hashable int that
stays constant across calls, so the function compiles once.

Source: https://github.com/newgrit1004/flax-fm/blob/main/flaxfm/utils.py
Observed on jax 0.10.x: slicing compiled 1 times
"""
from functools import partial

import dataclasses
import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class Config:
    seed: int = 42
    epochs: int = 10
    learning_rate: float = 0.001
    batch_size: int = 256


config = Config()


@partial(jax.jit, static_argnums=2)
def slicing(x, index, axis):
    return jnp.asarray(x).take(index, axis)


def run():
    x = jnp.arange(12.0).reshape(3, 4)
    out = []
    for i in range(3):
        out.append(slicing(x, i, 1))
    return None


if __name__ == "__main__":
    run()
