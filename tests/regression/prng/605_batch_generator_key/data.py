import jax
import jax.numpy as jnp


def batch_data(x, y, batch_size, key):
    n = x.shape[0]
    perm = jax.random.permutation(key, n)
    for start in range(0, n - batch_size + 1, batch_size):
        idx = perm[start:start + batch_size]
        yield x[idx], y[idx]


def batch_and_key_generator(x, y, batch_size, key):
    """Yields (batch, key) pairs so that stochastic models get a key per batch."""
    data_key, model_key = jax.random.split(key)
    for batch in batch_data(x, y, batch_size, data_key):
        yield batch, model_key  # expect: JAX502,JAX503
