"""gwkokab's Poisson likelihood estimates the expected number of detections with Monte-Carlo draws
from a key held by the likelihood object. The sampler evaluates the jitted log-likelihood many
times, but "random keys are getting fixed by jax.jit": the stored key is never split, so every
evaluation reuses the same Monte-Carlo draws (the issue asks to split and save keys each time).

Source: https://github.com/kokabsc/gwkokab/issues/371
Observed on jax 0.10.x: 2 of 3 calls
"""
import jax
import jax.numpy as jnp

from likelihood import PoissonLikelihood

data = jnp.array([0.3, 1.2, 2.1, 0.8, 1.7])
likelihood = PoissonLikelihood(data)
log_likelihood = jax.jit(likelihood.log_likelihood)
expected_rate = jax.jit(likelihood.expected_rate)


def run():
    params = (jnp.array(1.0), jnp.array(0.5), jnp.array(10.0))
    estimates = []
    for _ in range(3):
        log_likelihood(params)
        estimates.append(float(expected_rate(params)))
    return sum(int(e == estimates[0]) for e in estimates[1:])
