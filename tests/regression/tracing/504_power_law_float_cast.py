"""``float()`` casts in a population model's normalisation break the jitted likelihood.

Source: https://github.com/ColmTalbot/gwpopulation/pull/83
Report: "BUGFIX: remove float casts for jax jit" -- gwpopulation's model functions cast
hyper-parameter-dependent quantities with ``float(...)``, which fails when the hyper-likelihood
is jitted because the hyper-parameters are tracers. Here a truncated power-law mass model
computes its normalisation with ``float``.

Observed on jax 0.10.2: raises ConcretizationTypeError
"""
import jax
import jax.numpy as jnp


def power_law_primary_mass(mass, alpha, mmin, mmax):
    norm = float((1 - alpha) / (mmax ** (1 - alpha) - mmin ** (1 - alpha)))  # expect: JAX202
    in_bounds = (mass >= mmin) & (mass <= mmax)
    return jnp.where(in_bounds, norm * mass ** (-alpha), 0.0)


def log_likelihood(hyper, masses):
    p = power_law_primary_mass(masses, hyper["alpha"], hyper["mmin"], hyper["mmax"])
    return jnp.sum(jnp.log(jnp.mean(p, axis=-1)))


def run():
    masses = jnp.linspace(6.0, 60.0, 40).reshape(4, 10)
    hyper = {"alpha": 2.3, "mmin": 5.0, "mmax": 80.0}
    return jax.jit(log_likelihood)(hyper, masses)
