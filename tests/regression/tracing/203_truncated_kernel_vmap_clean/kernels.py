import jax.numpy as jnp

from config import KERNEL


def kernel_scalar(x, lam=KERNEL.lam, beta=KERNEL.beta):
    """1-d truncated Gaussian kernel."""
    return jnp.where(jnp.abs(x) > lam, 0.0, jnp.exp(-beta * x ** 2))
