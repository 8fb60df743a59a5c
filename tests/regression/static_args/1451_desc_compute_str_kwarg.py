"""DESC "JIT compute functions": the compute functions were wrapped in jax.jit
directly, but callers pass keyword options such as `basis="rpz"` alongside the
data arrays. Those strings land at traced positions and every call fails with a
"type str 'rpz' is not a valid JAX type" error until the argument is marked static.

Source: https://github.com/PlasmaControl/DESC/pull/1055
Observed on jax 0.10.x: raises TypeError
"""
import jax
import jax.numpy as jnp


@jax.jit
def compute_B(R, phi, Z, B_R, B_phi, B_Z, basis="rpz"):
    if basis == "xyz":
        B_x = B_R * jnp.cos(phi) - B_phi * jnp.sin(phi)
        B_y = B_R * jnp.sin(phi) + B_phi * jnp.cos(phi)
        return jnp.stack([B_x, B_y, B_Z], axis=-1)
    return jnp.stack([B_R, B_phi, B_Z], axis=-1)


def compute(grid, basis="rpz"):
    R, phi, Z = grid
    return compute_B(R, phi, Z, 1.0 / R, jnp.ones_like(R), jnp.zeros_like(R), basis=basis)  # expect: JAX306


def run():
    grid = (jnp.linspace(1.0, 2.0, 8), jnp.linspace(0.0, 3.0, 8), jnp.zeros(8))
    return compute(grid, basis="xyz")


if __name__ == "__main__":
    run()
