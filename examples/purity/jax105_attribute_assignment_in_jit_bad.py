"""JAX105: `self.steps += 1` in a jitted method runs once, at trace time."""

import jax
import jax.numpy as jnp


class Trainer:
    def __init__(self):
        self.steps = 0
        self.step = jax.jit(self._step)

    def _step(self, x):
        self.steps += 1  # expect: JAX105
        return x * 2


def run(n=3):
    trainer = Trainer()
    for i in range(n):
        trainer.step(jnp.float32(i))
    return trainer.steps  # 1, not 3


if __name__ == "__main__":
    print("steps =", run())
