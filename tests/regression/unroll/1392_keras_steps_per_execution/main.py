"""With the Keras JAX backend and `steps_per_execution > 1`, the jitted multi-step train function
received a list of `steps_per_execution` batches and iterated over it with a Python for loop, so
the train step was traced once per step inside one program: retracing count, compilation overhead
and memory grew linearly with steps_per_execution. The fix iterates outside the jitted step.

Source: https://github.com/keras-team/keras/pull/20412
Observed on jax 0.10.x: runs
"""
import jax.numpy as jnp

from trainer import JAXTrainer


def run():
    trainer = JAXTrainer(steps_per_execution=10)
    trainer.make_train_function()
    w = jnp.zeros((4,))
    batches = [(jnp.ones((8, 4)) * i, jnp.ones((8,))) for i in range(trainer.steps_per_execution)]
    w = trainer.train_function(w, batches)
    return None


if __name__ == "__main__":
    run()
