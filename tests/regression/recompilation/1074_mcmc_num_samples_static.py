"""MCMC driver with num_warmup/num_samples as static arguments.

Source: https://github.com/pyro-ppl/numpyro/issues/313
What happened: changing ``num_warmup``/``num_samples`` between runs recompiled
the whole sampler because they were compile-time constants of the jitted loop;
the issue proposed making them dynamic.
Observed on jax 0.10.2: sample_chain compiled 3 times
"""
import functools

import jax
import jax.numpy as jnp


def log_density(z):
    return -0.5 * jnp.sum(z ** 2)


@functools.partial(jax.jit, static_argnames=("num_warmup", "num_samples"))
def sample_chain(key, z0, num_warmup, num_samples, step_size=0.5):
    def step(carry, k):
        z, lp = carry
        k1, k2 = jax.random.split(k)
        prop = z + step_size * jax.random.normal(k1, z.shape)
        lp_prop = log_density(prop)
        accept = jnp.log(jax.random.uniform(k2)) < lp_prop - lp
        z = jnp.where(accept, prop, z)
        lp = jnp.where(accept, lp_prop, lp)
        return (z, lp), z

    keys = jax.random.split(key, num_warmup + num_samples)
    _, zs = jax.lax.scan(step, (z0, log_density(z0)), keys)
    return zs[num_warmup:]


def run():
    key = jax.random.PRNGKey(0)
    total = 0.0
    for num_samples in (100, 200, 400):
        samples = sample_chain(key, jnp.zeros(2), num_warmup=50, num_samples=num_samples)  # expect: JAX403
        total += samples.mean()
    return total
