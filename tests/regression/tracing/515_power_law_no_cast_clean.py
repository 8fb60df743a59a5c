"""Clean look-alike of 004: the normalisation stays a jax value (no ``float`` cast).

Source: https://github.com/ColmTalbot/gwpopulation/pull/83
The fix removed the ``float(...)`` casts so the hyper-likelihood traces under ``jit``.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp


def power_law_primary_mass(mass, alpha, mmin, mmax):
    norm = (1 - alpha) / (mmax ** (1 - alpha) - mmin ** (1 - alpha))
    in_bounds = (mass >= mmin) & (mass <= mmax)
    return jnp.where(in_bounds, norm * mass ** (-alpha), 0.0)


def log_likelihood(hyper, masses):
    p = power_law_primary_mass(masses, hyper["alpha"], hyper["mmin"], hyper["mmax"])
    return jnp.sum(jnp.log(jnp.mean(p, axis=-1)))


def run():
    masses = jnp.linspace(6.0, 60.0, 40).reshape(4, 10)
    hyper = {"alpha": 2.3, "mmin": 5.0, "mmax": 80.0}
    return jax.jit(log_likelihood)(hyper, masses)
