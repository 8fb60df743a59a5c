import jax.numpy as jnp

summaries = []


def compute_stats(x):
    mean = jnp.mean(x)
    summaries.append(mean)  # expect: JAX104
    return mean, jnp.std(x)
