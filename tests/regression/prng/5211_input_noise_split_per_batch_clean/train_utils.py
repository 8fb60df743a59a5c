import jax


def add_noise(x, noise_std, rng_key):
    """
    Params:
    - x: input
    - noise_std: noise standard deviation
    - rng_key: random num gen key
    Returns: x with Gaussian Noise
    """
    noise = jax.random.normal(rng_key, shape=x.shape) * noise_std
    noisy_x = x + noise
    return noisy_x
