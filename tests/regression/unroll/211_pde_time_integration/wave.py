import jax.numpy as jnp


def laplacian(u, dx):
    return (jnp.roll(u, 1) - 2 * u + jnp.roll(u, -1)) / dx**2


def integrate(u0, c, cfg):
    u_prev, u = u0, u0
    for _ in range(cfg.n_steps):  # expect: JAX407
        u_next = 2 * u - u_prev + (c * cfg.dt) ** 2 * laplacian(u, cfg.dx)
        u_prev, u = u, u_next
    return u
