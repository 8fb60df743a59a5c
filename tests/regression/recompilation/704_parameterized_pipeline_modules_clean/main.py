"""A test parameterized over pipeline modules jits `pipeline.step` inside its rollout loop:
`pipeline` is a module in every case, so `pipeline.step` is the same function on every
iteration and each module's `step` compiles once.

Source: https://github.com/google/brax/blob/main/brax/fluid_test.py
(`@parameterized.parameters(('fluid_sphere.xml', s_pipeline, ...), ...)`, then
`jax.jit(pipeline.step)(sys, state, act)` in a 500-step loop).

Observed on jax 0.10.x: step compiled 2 times
"""

import jax
import jax.numpy as jnp
from absl.testing import parameterized

from . import positional
from . import spring as s_pipeline


class RolloutTest(parameterized.TestCase):
    @parameterized.parameters(("sphere", s_pipeline, 2.0), ("box", positional, 1.0))
    def test_rollout(self, name, pipeline, scale):
        state = jnp.ones(3) * scale
        for _ in range(3):
            state = jax.jit(pipeline.step)(state)
        return state


def run():
    for case in ("test_rollout0", "test_rollout1"):  # the methods absl generates, one per case
        getattr(RolloutTest(case), case)()
