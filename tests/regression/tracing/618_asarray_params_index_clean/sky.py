import jax.numpy as jnp


def source_flux(params, idx):
    radec = jnp.asarray(params["radec"])
    stokes = jnp.asarray(params["stokes"])
    return stokes[idx] * jnp.cos(radec[idx, 1])
