"""Rebuilt from https://github.com/jax-ml/jax/issues/2009: two draws from one legacy key give
the same numbers ("almost every new user will incorrectly reuse the PRNG key")."""
import jax

key = jax.random.PRNGKey(0)
a = jax.random.uniform(key, (10, 10))
b = jax.random.uniform(key, (10, 10))  # expect: JAX501
