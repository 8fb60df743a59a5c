"""Advantage filter keeps positive-advantage samples with jnp.compress inside jit.

Source: https://github.com/jax-ml/jax/issues/38603
The report: `jnp.compress(x.ravel() > 0, x.ravel())` works eagerly but raises
TracerBoolConversionError under jax.jit when `size` is not given, since the output size
depends on the data.  Here a filtered behaviour-cloning loss keeps only samples with a
positive advantage.

Observed on jax 0.10.2: raises TracerBoolConversionError
"""
import jax
import jax.numpy as jnp


def positive_advantage_logps(logps, advantages):
    return jnp.compress(advantages > 0, logps)  # expect: JAX204,JAX205


@jax.jit
def filtered_bc_loss(logps, advantages):
    kept = positive_advantage_logps(logps, advantages)
    return -kept.mean()


def run():
    logps = jnp.log(jnp.array([0.2, 0.5, 0.3, 0.9]))
    adv = jnp.array([1.0, -0.5, 0.3, -2.0])
    return filtered_bc_loss(logps, adv)
