"""JAX105, fixed: the jitted function is pure; the object is updated on the host."""

import jax
import jax.numpy as jnp


class Trainer:
    def __init__(self):
        self.steps = 0
        self._jitted_step = jax.jit(self._step)

    def _step(self, x):
        return x * 2

    def step(self, x):
        self.steps += 1
        return self._jitted_step(x)


def run(n=3):
    trainer = Trainer()
    for i in range(n):
        trainer.step(jnp.float32(i))
    return trainer.steps


if __name__ == "__main__":
    print("steps =", run())
