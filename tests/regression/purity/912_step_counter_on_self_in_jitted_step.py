"""Consistency-model trainer keeps its training step as a Python attribute and
increments it inside the compiled train step.

Source: https://github.com/bayesflow-org/bayesflow/issues/223
"current training step not correctly tracked with JIT compilation enabled":
``self.current_step += 1`` inside the step that the JAX backend compiles runs
only during tracing, so the discretisation schedule that depends on it never
advances.

Observed on jax 0.10.2: 1 of 3 calls
"""
import jax
import jax.numpy as jnp


class ConsistencyTrainer:
    def __init__(self, total_steps=100):
        self.total_steps = total_steps
        self.current_step = 0
        self.train_step = jax.jit(self._train_step)

    def schedule(self):
        return 2 + 10 * self.current_step // self.total_steps  # expect: JAX108

    def _train_step(self, params, x):
        n = self.schedule()
        loss = jnp.mean((x * params - n) ** 2)
        self.current_step += 1  # expect: JAX105
        return params - 0.01 * jax.grad(lambda p: jnp.mean((x * p - n) ** 2))(params), loss


def run():
    trainer = ConsistencyTrainer()
    params = jnp.ones(3)
    counted = 0
    for _ in range(3):
        before = trainer.current_step
        params, _ = trainer.train_step(params, jnp.ones(3))
        counted += trainer.current_step > before
    return counted
