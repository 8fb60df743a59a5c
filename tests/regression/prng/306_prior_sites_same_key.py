"""Prior-predictive sampler draws two sample sites with the same rng_key.

Source: https://github.com/rlouf/mcx/issues/90
"Unintuitive results when sampling from the prior": the generated sampler passed the same
`rng_key` to every `sample()` call; the fix discussed is to split the key after each
sample site.  Here a hand-written prior sampler for a linear regression draws the
intercept and slope from one key, so the two are perfectly correlated.

Observed on jax 0.10.2: 5 of 5 calls
"""
import jax
import jax.numpy as jnp


def sample_prior(rng_key):
    intercept = 10.0 * jax.random.normal(rng_key)
    slope = 2.5 * jax.random.normal(rng_key)  # expect: JAX501
    noise_scale = jnp.abs(jax.random.normal(jax.random.fold_in(rng_key, 1)))
    return {"intercept": intercept, "slope": slope, "sigma": noise_scale}


sample_prior_jit = jax.jit(sample_prior)


def run():
    tied = 0
    for seed in range(5):
        d = sample_prior_jit(jax.random.key(seed))
        if bool(jnp.allclose(d["intercept"] / 10.0, d["slope"] / 2.5)):
            tied += 1
    return tied
