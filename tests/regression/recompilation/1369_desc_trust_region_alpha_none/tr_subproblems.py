import jax
import jax.numpy as jnp


@jax.jit
def trust_region_step_exact(g, H, trust_radius, alpha):
    """Exact trust-region subproblem step; alpha is the Levenberg-Marquardt shift (None = 0)."""
    if alpha is None:
        alpha = 0.0
    p = -jnp.linalg.solve(H + alpha * jnp.eye(H.shape[0]), g)
    scale = jnp.minimum(1.0, trust_radius / jnp.linalg.norm(p))
    return p * scale
