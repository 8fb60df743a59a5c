import jax.numpy as jnp

from metaclass import Model


class RtRandomWalkModel(Model):
    """Toy renewal model: log Rt and log I0 with Gaussian priors and data."""

    def __init__(self, observed_log_cases):
        super().__init__()
        self.observed_log_cases = observed_log_cases

    def log_density(self, theta):
        log_rt, log_i0 = theta[0], theta[1]
        t = jnp.arange(self.observed_log_cases.shape[0])
        pred = log_i0 + t * log_rt
        lik = -0.5 * jnp.sum((pred - self.observed_log_cases) ** 2)
        return lik - 0.5 * (log_rt ** 2 + log_i0 ** 2)
