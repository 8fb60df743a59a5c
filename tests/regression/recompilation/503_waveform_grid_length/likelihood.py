import jax.numpy as jnp

from waveform import gen_polar


def heterodyne_grid(f_min, f_max, n_bins):
    return jnp.geomspace(f_min, f_max, n_bins)


def log_likelihood(theta, data_bins):
    total = 0.0
    for f_min, f_max, n_bins in data_bins:
        freqs = heterodyne_grid(f_min, f_max, n_bins)
        hp, hc = gen_polar(freqs, theta)  # expect: JAX404
        total = total + jnp.sum(jnp.abs(hp) ** 2 + jnp.abs(hc) ** 2)
    return total
