"""VariBAD-in-JAX training: ``BaseModel.update_model`` is ``jax.pmap``-ed (self and the
``update_model`` flag static) and logs ``logging.info("updating model")``; the VPT agent's
``loss_fn``, differentiated inside it, logs the observation shape. Both are Python calls in the
traced body: the training log shows them only while pmap traces (here the first update and
the retrace when the replicated state first comes back from pmap), then every later gradient
step runs the compiled program silently.

Source: https://github.com/aliang8/varibad_jax/blob/c43c92bae225039e8becc6a18f21b4031816584c/varibad_jax/models/base.py#L123
Observed on jax 0.10.x: 2 of 4 calls
"""
import logging

import jax
import jax.numpy as jnp

from model import BaseModel


class _Count(logging.Handler):
    def __init__(self):
        super().__init__()
        self.n = 0

    def emit(self, record):
        self.n += 1


def run():
    root = logging.getLogger()
    root.setLevel(logging.INFO)
    counter = _Count()
    root.addHandler(counter)
    model = BaseModel()
    rng = jax.random.PRNGKey(0)
    obs = jax.random.normal(rng, (8, 4))
    batch = {"observations": obs, "actions": obs @ jnp.ones((4, 2))}
    logged = 0
    try:
        for step in range(4):
            rng, key = jax.random.split(rng)
            before = counter.n
            model.update(key, batch)
            logged += counter.n > before
    finally:
        root.removeHandler(counter)
    return int(logged)


if __name__ == "__main__":
    run()
