"""A master's-project driving simulator (nuPlan + OmniRe) decorated the methods of its
environment-model classes directly with @jax.jit. `self` then becomes the first traced
argument, and an EnvironmentModel instance is not a valid JAX type, so the first call
of get_sensor_output fails before the body runs (self would have to be static, or the
class a pytree).

Source: https://github.com/larstonder/master-project/blob/4f2aad11f7129f9713b3730e9d0188ba286e792f/environment_model.py#L16
Observed on jax 0.10.x: raises TypeError
"""
import jax.numpy as jnp

from environment_model import OmniRe


def run():
    model = OmniRe()
    state = jnp.zeros((4,))
    return model.get_sensor_output(state)
