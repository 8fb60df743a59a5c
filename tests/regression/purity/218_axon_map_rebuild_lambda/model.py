import jax
import jax.numpy as jnp


class AxonMapModel:
    """Phosphene model: brightness decays with distance along the axon."""

    def __init__(self, rho=200.0, axlambda=500.0):
        self.rho = rho
        self.axlambda = axlambda
        self._predict_jax = jax.jit(self._predict_spatial_jax)

    def build(self, **params):
        for name, value in params.items():
            setattr(self, name, value)
        return self

    def _predict_spatial_jax(self, electrode_dist, axon_dist, amps):
        radial = jnp.exp(-electrode_dist ** 2 / (2 * self.rho ** 2))
        axonal = jnp.exp(-axon_dist ** 2 / (2 * self.axlambda ** 2))  # expect: JAX108
        return (amps[:, None] * radial * axonal).sum(axis=0)

    def predict_percept(self, electrode_dist, axon_dist, amps):
        return self._predict_jax(electrode_dist, axon_dist, amps)
