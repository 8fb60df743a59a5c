"""SteinVI stores an annealed loss temperature on `self` inside the jitted update.

Source: https://github.com/pyro-ppl/numpyro/issues/1982
In numpyro's einstein/steinvi.py the ASVGD schedule assigned
`self.loss_temperature = ...` inside the function that is jitted for every
step; under JAX_CHECK_TRACER_LEAKS the test-suite reported the leaked tracer,
and the maintainer noted the attribute only ever holds a tracer from the
first trace. Rebuilt in plain jax (numpyro not installed): the driver module
assigns the attribute inside `update`, which the training loop jits.

Observed on jax 0.10.2: raises UnexpectedTracerError
"""
import jax
import jax.numpy as jnp

from .steinvi import SteinVI


def log_density(x):
    return -0.5 * jnp.sum(x ** 2)


def run():
    svi = SteinVI(log_density)
    particles = jnp.linspace(-1.0, 1.0, 8).reshape(4, 2)
    step_fn = jax.jit(svi.update)
    for step in range(3):
        particles, _ = step_fn(particles, jnp.float32(step))
    return svi.report()
