import jax.numpy as jnp

from waveform import gen_polar

MAX_BINS = 256


def heterodyne_grid(f_min, f_max, n_bins):
    freqs = jnp.geomspace(f_min, f_max, n_bins)
    pad = MAX_BINS - n_bins
    freqs = jnp.concatenate([freqs, jnp.full(pad, f_max)])
    mask = jnp.arange(MAX_BINS) < n_bins
    return freqs, mask


def log_likelihood(theta, data_bins):
    total = 0.0
    for f_min, f_max, n_bins in data_bins:
        freqs, mask = heterodyne_grid(f_min, f_max, n_bins)
        hp, hc = gen_polar(freqs, theta)
        total = total + jnp.sum(jnp.where(mask, jnp.abs(hp) ** 2 + jnp.abs(hc) ** 2, 0.0))
    return total
