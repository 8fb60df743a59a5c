import jax.numpy as jnp


def mps_energy(tensors, data):
    h = data
    for t in tensors:
        h = jnp.tanh(h @ t)
    return jnp.mean(h**2)
