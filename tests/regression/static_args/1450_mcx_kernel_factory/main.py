"""mcx sampler: after JAX 0.2.0 sampling broke. `sampler.run` jits an inner
`update_chains(rng_key, parameters, chain_state)` and passes `self.parameters`
through it; the parameters tuple holds the model's logpdf function together with
the step size, so jit tries to turn a Python function into an abstract array
and raises "<class 'function'> is not a valid JAX type".

Source: https://github.com/rlouf/mcx/issues/36
Observed on jax 0.10.x: raises TypeError
"""
import jax
import jax.numpy as jnp

from sampling import sampler


def logpdf(x):
    return -0.5 * jnp.sum(x ** 2)


def run():
    s = sampler(jax.random.PRNGKey(0), logpdf)
    return s.run()


if __name__ == "__main__":
    run()
