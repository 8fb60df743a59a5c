import jax


def sample_normal(key, shape):
    """Returns a sample and a key for the next draw."""
    values = jax.random.normal(key, shape)
    return values, key  # expect: JAX505
