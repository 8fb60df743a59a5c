import jax.numpy as jnp


class DampedOscillator:
    """Plain vector field; statistics are counted by the solver."""

    def __init__(self, omega, zeta):
        self.omega = omega
        self.zeta = zeta

    def __call__(self, t, y):
        x, v = y[0], y[1]
        return jnp.stack([v, -2 * self.zeta * self.omega * v - self.omega ** 2 * x])
