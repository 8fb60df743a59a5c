import jax.numpy as jnp


class OU:
    """Ornstein-Uhlenbeck forward SDE dx = -0.5 beta x dt + sqrt(beta) dW."""

    def __init__(self, beta=1.0):
        self.beta = beta

    def reverse(self, score):
        beta = self.beta

        def drift_diffusion(x, t):
            drift = -0.5 * beta * x - beta * score(x, t)
            return drift, jnp.sqrt(beta)

        return drift_diffusion
