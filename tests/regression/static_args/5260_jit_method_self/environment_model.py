import jax
import jax.numpy as jnp


class EnvironmentModel:
    def __init__(self):
        pass

    @jax.jit  # expect: JAX306
    def get_sensor_output(self, state):
        pass


class OmniRe(EnvironmentModel):
    def __init__(self):
        pass

    @jax.jit  # expect: JAX306
    def get_sensor_output(self, state):
        return state
