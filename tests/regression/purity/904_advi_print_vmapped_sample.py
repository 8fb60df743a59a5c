"""ADVI example: printing the Monte-Carlo sample inside the vmapped ELBO.

Source: https://github.com/jax-ml/jax/issues/1476
Following examples/advi.py the user added ``print(sample)`` inside ``elbo``,
which ``batch_elbo`` vmaps over random keys and the objective is jitted. The
print shows a ``BatchTracer`` once and nothing on later optimisation steps.

Observed on jax 0.10.2: 1 of 3 calls
"""
import contextlib
import io
from functools import partial

import jax
import jax.numpy as jnp
from jax import jit, random, vmap


def diag_gaussian_sample(rng, mean, log_std):
    return mean + jnp.exp(log_std) * random.normal(rng, mean.shape)


def diag_gaussian_logpdf(x, mean, log_std):
    return jnp.sum(jax.scipy.stats.norm.logpdf(x, mean, jnp.exp(log_std)))


def elbo(logprob, rng, mean, log_std):
    sample = diag_gaussian_sample(rng, mean, log_std)
    print(sample)  # expect: JAX101
    return logprob(sample) - diag_gaussian_logpdf(sample, mean, log_std)


def batch_elbo(logprob, rng, params, num_samples):
    rngs = random.split(rng, num_samples)
    vectorized_elbo = vmap(partial(elbo, logprob), in_axes=(0, None, None))
    return jnp.mean(vectorized_elbo(rngs, *params))


def target(z):
    return -0.5 * jnp.sum(z**2)


@jit
def objective(params, t):
    rng = random.key(t)
    return -batch_elbo(target, rng, params, 4)


def run():
    params = (jnp.zeros(2), jnp.zeros(2))
    printed = 0
    for t in range(3):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            objective(params, t).block_until_ready()
        printed += bool(buf.getvalue().strip())
    return printed
