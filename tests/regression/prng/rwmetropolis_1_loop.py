"""Rebuilt from https://github.com/rlouf/blog-benchmark-rwmetropolis/pull/1: a random-walk
Metropolis loop drew every proposal and acceptance from the same key."""
import jax
import jax.numpy as jnp


def rw_metropolis(logpdf, key, position, num_samples):
    samples = []
    for _ in range(num_samples):
        proposal = position + jax.random.normal(key, position.shape)  # expect: JAX503
        accept = jnp.log(jax.random.uniform(key)) < logpdf(proposal) - logpdf(position)  # expect: JAX501
        position = jnp.where(accept, proposal, position)
        samples.append(position)
    return jnp.stack(samples)
