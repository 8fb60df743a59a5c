"""QDax: MOME repertoire method keeps `static_argnames=("num_samples",)` it no longer takes.

Source: https://github.com/adaptive-intelligent-robotics/QDax/pull/49
(QDax, commit 7c5ace1 "fix: static argnames in _sample_in_masked_pareto_front").

`MOMERepertoire._sample_in_masked_pareto_front` was refactored to sample one
genotype per (vmapped) call and lost its `num_samples` parameter, but its
decorator still read `@partial(jax.jit, static_argnames=("num_samples",))`.
Current JAX validates argnames when the decorator runs, so importing the
repertoire module fails ("Jitted function has invalid argnames
{'num_samples'} in static_argnames. Function does not take these args."). The
fix dropped the stale argname. Package layout; the repertoire module is
imported by the experiment's `run()`.

Observed on jax 0.10.2: raises ValueError
"""
import jax
import jax.numpy as jnp


def run():
    from .mome_repertoire import MOMERepertoire

    key = jax.random.PRNGKey(0)
    genotypes = jax.random.normal(key, (6, 4, 3))
    fitnesses = jnp.where(jnp.arange(4) < 2, 1.0, -jnp.inf)[None, :, None] * jnp.ones((6, 4, 2))
    repertoire = MOMERepertoire(genotypes, fitnesses, descriptors=jnp.zeros((6, 2)))
    samples, key = repertoire.sample(key, num_samples=5)
    return samples
