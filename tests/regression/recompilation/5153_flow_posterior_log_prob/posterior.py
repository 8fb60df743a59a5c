import jax.numpy as jnp
from jax.scipy.stats import multivariate_normal

from flow import Flow


class FlowBasedPosterior:
    def __init__(self, dim, n_steps=8):
        self.dim = dim
        self.n_steps = n_steps
        self.vel_params = {"w": 0.5 * jnp.eye(dim)}
        self.observation_buffer = []

    def get_velocity_b(self, params, x, t):
        return jnp.tanh(x @ params["w"]) * (1.0 - t)

    def get_current_flow(self, params, use_prior=False):
        """Constructs the flow object with the appropriate velocity field."""
        b_velocity_fn = lambda x, t: self.get_velocity_b(params, x, t)
        f = Flow(b_velocity_fn, self.n_steps)
        return f

    def log_prob(self, x1):
        f = self.get_current_flow(self.vel_params)
        x0 = f.backward(x1)  # expect: JAX402,JAX401,JAX405
        log_p_x0 = multivariate_normal.logpdf(x0, jnp.zeros(self.dim), jnp.eye(self.dim))
        return log_p_x0
