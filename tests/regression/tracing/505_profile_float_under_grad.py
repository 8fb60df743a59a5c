"""A light-profile model converts its parameters with ``float()``; ``jax.grad`` of the fit fails.

Source: https://github.com/PyAutoLabs/PyAutoFit/issues/1117
Report: "Issue with JAX Grad of Array" -- taking ``jax.grad`` of the log likelihood failed with
``ConcretizationTypeError`` ("The problem arose with the float function"), because model
code converted parameter values to Python floats while they were JVP tracers. Here a Gaussian
light profile's constructor stores ``float(centre)`` and ``float(sigma)``.

Observed on jax 0.10.2: raises ConcretizationTypeError
"""
import jax
import jax.numpy as jnp


class Gaussian:
    def __init__(self, centre, normalization, sigma):
        self.centre = float(centre)  # expect: JAX202
        self.normalization = normalization
        self.sigma = float(sigma)  # expect: JAX202

    def model_data_from(self, xvalues):
        return self.normalization * jnp.exp(-0.5 * ((xvalues - self.centre) / self.sigma) ** 2)


def log_likelihood(params, xvalues, data, noise):
    profile = Gaussian(*params)
    residual = (data - profile.model_data_from(xvalues)) / noise
    return -0.5 * jnp.sum(residual**2)


def run():
    x = jnp.linspace(-5.0, 5.0, 50)
    data = 2.0 * jnp.exp(-0.5 * x**2)
    params = (jnp.float32(0.1), jnp.float32(1.8), jnp.float32(1.2))
    return jax.grad(log_likelihood)(params, x, data, 0.1)
