import jax.numpy as jnp


class DampedOscillator:
    """Vector field that tries to keep its own evaluation statistics."""

    def __init__(self, omega, zeta):
        self.omega = omega
        self.zeta = zeta
        self.nfev = 0

    def __call__(self, t, y):
        self.nfev = self.nfev + 1  # expect: JAX105
        x, v = y[0], y[1]
        return jnp.stack([v, -2 * self.zeta * self.omega * v - self.omega ** 2 * x])
