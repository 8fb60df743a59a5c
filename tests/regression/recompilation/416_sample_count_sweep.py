"""Making the sample count static, then sweeping it in the driver loop.

Source: https://github.com/jax-ml/jax/issues/648
The answer to the traced-shape error: make `N` static, "but sample would be
recompiled for each N"; the reporter then benchmarked over growing sample
counts, recompiling for every value.

Observed on jax 0.10.2: sample_mean compiled 4 times
"""
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnums=1)
def sample_mean(key, num_samples, logits):
    draws = jax.random.categorical(key, logits, shape=(num_samples,))
    return jnp.bincount(draws, length=logits.shape[0]) / num_samples


def convergence_curve(key, logits, sizes=(10, 100, 1000, 10000)):
    errors = []
    for n in sizes:
        key, sub = jax.random.split(key)
        est = sample_mean(sub, n, logits)  # expect: JAX403
        errors.append(jnp.abs(est - jax.nn.softmax(logits)).max())
    return jnp.stack(errors)


def run():
    return convergence_curve(jax.random.PRNGKey(0), jnp.array([0.1, 0.5, -0.3]))
