import jax
import jax.numpy as jnp


def make_cbf_controller(alpha, u_max):
    """Build the controller once; the returned jitted function is reused by the simulator."""

    @jax.jit
    def cbf_controller(t, x, u_nom):
        h = 1.0 - jnp.sum(x ** 2)
        grad_h = -2.0 * x
        lf = jnp.dot(grad_h, u_nom) + alpha * h
        correction = jnp.where(lf < 0.0, -lf / (jnp.dot(grad_h, grad_h) + 1e-9), 0.0)
        return jnp.clip(u_nom + correction * grad_h, -u_max, u_max)

    return cbf_controller
