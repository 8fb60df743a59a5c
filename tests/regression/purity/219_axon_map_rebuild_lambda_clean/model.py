import jax
import jax.numpy as jnp


def _predict_spatial_jax(electrode_dist, axon_dist, amps, rho, axlambda):
    radial = jnp.exp(-electrode_dist ** 2 / (2 * rho ** 2))
    axonal = jnp.exp(-axon_dist ** 2 / (2 * axlambda ** 2))
    return (amps[:, None] * radial * axonal).sum(axis=0)


_predict_jax = jax.jit(_predict_spatial_jax)


class AxonMapModel:
    """Phosphene model: brightness decays with distance along the axon."""

    def __init__(self, rho=200.0, axlambda=500.0):
        self.rho = rho
        self.axlambda = axlambda

    def build(self, **params):
        for name, value in params.items():
            setattr(self, name, value)
        return self

    def predict_percept(self, electrode_dist, axon_dist, amps):
        return _predict_jax(electrode_dist, axon_dist, amps, self.rho, self.axlambda)
