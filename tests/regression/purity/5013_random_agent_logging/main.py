"""VariBAD-in-JAX research code: the random-action baseline agent's ``get_action_jit`` is a
jitted method (self static) that starts with ``logging.info("random action")`` and
``logging.info(kwargs)``. The author reads the log to follow the rollout, but under jit those
calls run only while the method is traced: the first rollout step logs (with tracers in the
kwargs), every later step with the same shapes logs nothing.

Source: https://github.com/aliang8/varibad_jax/blob/e36a2a7171c6ebd5909acdccc5410fa7dfb8fa9b/varibad_jax/models/base.py#L185
Observed on jax 0.10.x: 1 of 3 calls
"""
import logging

import jax
import jax.numpy as jnp

from agents import RandomActionAgent


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
    agent = RandomActionAgent(config={"env": "gridworld"})
    rng = jax.random.PRNGKey(0)
    env_state = jnp.zeros((4, 5))
    logged = 0
    try:
        for step in range(3):
            rng, key = jax.random.split(rng)
            before = counter.n
            agent.get_action_jit(agent._params, agent._state, key, env_state, is_training=False)
            logged += counter.n > before
    finally:
        root.removeHandler(counter)
    return int(logged)


if __name__ == "__main__":
    run()
