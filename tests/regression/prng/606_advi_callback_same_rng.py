"""ADVI example: the optimiser update and the plotting callback draw from the same rng.

Source: https://github.com/jax-ml/jax/pull/181
Reviewing the ADVI example, mattjj flagged `old, rng = random.split(rng)` ('old'
is never used) as a danger sign: the same `rng` then goes both into
`update(t, opt_state, rng)` and into the callback that estimates the ELBO, so
both Monte Carlo estimates use identical samples each iteration.

Observed on jax 0.10.2: 3 of 3 calls
"""
import jax.numpy as jnp
from jax import grad, jit, random, vmap


def diag_gaussian_sample(rng, mean, log_std):
    return mean + jnp.exp(log_std) * random.normal(rng, mean.shape)


def log_density(z):
    return -0.5 * jnp.sum((z - 1.0) ** 2)


def elbo(logprob, rng, mean, log_std):
    sample = diag_gaussian_sample(rng, mean, log_std)
    return logprob(sample) + jnp.sum(log_std), sample


def batch_elbo(logprob, rng, params, num_samples):
    rngs = random.split(rng, num_samples)
    vectorized_elbo = vmap(lambda r: elbo(logprob, r, *params))
    vals, samples = vectorized_elbo(rngs)
    return jnp.mean(vals), samples


@jit
def objective(params, rng):
    val, samples = batch_elbo(log_density, rng, params, 16)
    return -val, samples


@jit
def update(t, params, rng):
    g, samples = grad(objective, has_aux=True)(params, rng)
    return tuple(p - 0.05 * gi for p, gi in zip(params, g)), samples


def callback(params, t, rng):
    _, samples = batch_elbo(log_density, rng, params, 16)
    return samples


def optimize(params, num_steps=3):
    rng = random.key(0)
    shared = 0
    for t in range(num_steps):
        old, rng = random.split(rng)  # expect: JAX501
        new_params, used = update(t, params, rng)
        samples = callback(params, t, rng)  # expect: JAX501
        shared += bool(jnp.allclose(samples, used, atol=1e-5))
        params = new_params
    return shared


def run():
    return optimize((jnp.zeros(2), jnp.zeros(2)))
