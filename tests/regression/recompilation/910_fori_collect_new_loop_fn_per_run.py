"""MCMC sample collection without a progress bar wraps the ``fori_loop`` in a
fresh ``loop_fn`` closure and jits it on every ``fori_collect`` call, so each
``MCMC.run()`` recompiles.

Source: https://github.com/pyro-ppl/numpyro/pull/2171
"``fori_collect(..., progbar=False)`` recreates ``loop_fn`` as a fresh closure
on each call. JAX JIT caching depends on function identity, so recreating the
closure defeats cache reuse and triggers full XLA recompilation on every
``MCMC.run()``."

Observed on jax 0.10.2: loop_fn compiled 3 times
"""
import jax
import jax.numpy as jnp
from jax import lax, random


def fori_collect(lower, upper, body_fun, init_val, transform=lambda x: x, progbar=False):
    collection = jnp.zeros((upper - lower,) + jnp.shape(transform(init_val)))

    def _body_fn(i, vals):
        val, collection = vals
        val = body_fun(val)
        collection = collection.at[i - lower].set(transform(val))
        return val, collection

    def loop_fn(collection):
        return lax.fori_loop(lower, upper, _body_fn, (init_val, collection))

    loop_fn = jax.jit(loop_fn, donate_argnums=0)
    last_val, collection = loop_fn(collection)  # expect: JAX402
    return collection, last_val


def rw_kernel(state):
    x, key = state
    key, k1, k2 = random.split(key, 3)
    prop = x + 0.5 * random.normal(k1)
    accept = jnp.log(random.uniform(k2)) < -0.5 * (prop**2 - x**2)
    return jnp.where(accept, prop, x), key


class MCMC:
    def __init__(self, num_samples):
        self.num_samples = num_samples

    def run(self, rng_key, init=0.0):
        samples, _ = fori_collect(0, self.num_samples, rw_kernel, (jnp.float32(init), rng_key),
                                  transform=lambda s: s[0], progbar=False)
        return samples


def run():
    mcmc = MCMC(num_samples=50)
    out = None
    for seed in range(3):
        out = mcmc.run(random.key(seed))
    return out
