import jax.numpy as jnp


def sis_deflection(x, y, theta_e, center_x, center_y):
    dx, dy = x - center_x, y - center_y
    r = jnp.sqrt(dx ** 2 + dy ** 2) + 1e-8
    return theta_e * dx / r, theta_e * dy / r
