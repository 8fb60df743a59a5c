"""`jax.random.normal(key, (num_samples,))` with `num_samples` traced.

Source: https://github.com/jax-ml/jax/issues/803
Users want jitted functions for varying sizes; a sample count passed as a regular argument is
traced, and a random draw needs its shape concretely.

Observed on jax 0.10.x: raises TypeError
"""

import jax


@jax.jit
def monte_carlo_mean(key, mu, num_samples):
    draws = mu + jax.random.normal(key, (num_samples,))  # expect: JAX204
    return draws.mean()


def run():
    return monte_carlo_mean(jax.random.key(0), 1.0, 100)
