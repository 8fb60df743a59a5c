import jax.numpy as jnp

from config import KERNEL


def kernel_scalar(x, lam=KERNEL.lam, beta=KERNEL.beta):
    """1-d truncated Gaussian kernel."""
    if jnp.abs(x) > lam:  # expect: JAX201
        return 0.0
    else:
        return jnp.exp(-beta * x ** 2)
