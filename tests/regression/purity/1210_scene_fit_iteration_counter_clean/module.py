import jax.numpy as jnp


def relative_step(x, *args, factor=0.1, minimum=1e-6):
    """Step size set at `factor` times the norm of `x` (ignores the iteration)."""
    return jnp.maximum(minimum, factor * jnp.linalg.norm(x))


def annealed_step(x, it, start=0.5):
    """Iteration-dependent step size: start / (it + 1)."""
    return start / (it + 1)
