"""PDE forward model time-stepped with a Python loop inside a jitted likelihood.

Source: https://github.com/jax-ml/jax/issues/2249
"Is there a way to store (serialize) expensive first-time use JIT'ted methods?":
the user's PDE simulation ("500 degrees of freedom, time integration") took over
30 minutes on first use; the maintainer notes that when JAX builds a very large
XLA computation compilation is slow, and a later commenter found
`lax.scan`/`lax.fori_loop` sped compilation up 10-20x. Here the number of time
steps is derived from a solver config (NamedTuple) in another module.

Observed on jax 0.10.2: log_likelihood compiled 1 time
"""
import jax
import jax.numpy as jnp

from solver_config import SolverConfig
from wave import integrate

CFG = SolverConfig()


@jax.jit
def log_likelihood(c, u0, observed):
    u = integrate(u0, c, CFG)
    return -0.5 * jnp.sum((u - observed) ** 2)


def run():
    x = jnp.linspace(0.0, 1.0, CFG.nx)
    u0 = jnp.exp(-((x - 0.5) ** 2) / 0.01)
    return log_likelihood(1.0, u0, u0)
